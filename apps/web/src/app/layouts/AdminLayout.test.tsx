import { cleanup, screen, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { matchEveryMediaQuery, renderPage } from '../../../test/render.js';
import { useRecordCrumb } from '../../features/frame/admin/record-crumb.js';
import { adminRoutes } from '../../features/frame/admin/routes.js';
import { AdminLayout } from './AdminLayout.js';

const handleOf = (name: string) => adminRoutes.find((route) => route.handle.name === name)?.handle;

function Record({ name, to }: { name?: string; to?: string }) {
  useRecordCrumb(name, to);
  return <output data-testid="record-page">{name ?? 'loading'}</output>;
}

function renderAt(at: string, name: string, page: ReactElement) {
  return renderPage([{ element: <AdminLayout />, children: [{ path: at, handle: handleOf(name), element: page }] }], {
    at,
  });
}

describe('AdminLayout breadcrumbs', () => {
  matchEveryMediaQuery();
  afterEach(cleanup);

  it('shows the list, the record a detail page names and the page: Assignments › name › Edit', async () => {
    renderAt('/admin/assignment/7/edit', 'company.assignments.edit', <Record name="KVKK eğitimi" />);
    const crumbs = await screen.findByTestId('admin-breadcrumbs');
    await within(crumbs).findByText('KVKK eğitimi');
    expect(within(crumbs).getByRole('link', { name: 'Assignments' }).getAttribute('href')).toBe('/admin/assignments');
    expect(crumbs.textContent).toMatch(/Assignments.*KVKK eğitimi.*Edit assignment/);
    expect(within(crumbs).queryByRole('link', { name: 'KVKK eğitimi' })).toBeNull();
  });

  it('links the record from its preview back to its edit page', async () => {
    renderAt(
      '/admin/assignment/7/preview',
      'company.assignments.preview',
      <Record name="KVKK eğitimi" to="/admin/assignment/7/edit" />,
    );
    const crumbs = await screen.findByTestId('admin-breadcrumbs');
    const record = await within(crumbs).findByRole('link', { name: 'KVKK eğitimi' });
    expect(record.getAttribute('href')).toBe('/admin/assignment/7/edit');
    expect(crumbs.textContent).toMatch(/Assignments.*KVKK eğitimi.*Assignment preview/);
  });

  it('shows no record crumb before the record has loaded', async () => {
    renderAt('/admin/assignment/7/edit', 'company.assignments.edit', <Record />);
    const crumbs = await screen.findByTestId('admin-breadcrumbs');
    expect(within(crumbs).queryByTestId('admin-breadcrumb-record')).toBeNull();
    expect(within(crumbs).getByRole('link', { name: 'Assignments' })).toBeTruthy();
  });
});
