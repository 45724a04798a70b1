import type { SolutionPartner } from '@kampus/shared';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { matchEveryMediaQuery, renderPage } from '../../../../test/render.js';
import { http } from '../../../lib/api.js';
import SolutionPartnersListPage from './SolutionPartnersListPage.js';

const partner: SolutionPartner = {
  id: 8,
  name: 'Bilge Eğitim Danışmanlık',
  logo: '/api/files/abc.png',
  website: 'https://www.bilge-egitim.com.tr',
  contact_name: 'Ayşe Kaya',
  contact_email: 'ayse@bilge-egitim.com.tr',
  phone: '+90 212 555 01 23',
  description: null,
  order: 1,
  status: 1,
  created_at: '2026-03-01T09:00:00.000Z',
  updated_at: '2026-03-01T09:00:00.000Z',
};
const page = (data: SolutionPartner[]) =>
  Promise.resolve({ data, meta: { page: 1, per_page: 20, total: data.length } });

function renderList() {
  renderPage(<SolutionPartnersListPage />, { path: '/admin/solution-partners' });
}

describe('SolutionPartnersListPage', () => {
  matchEveryMediaQuery();
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('lists partners with logo, website and contact, ordered by their order, with edit and delete', async () => {
    vi.spyOn(http, 'get').mockReturnValue(page([partner]) as never);
    renderList();
    await screen.findByText('Bilge Eğitim Danışmanlık');
    expect(http.get).toHaveBeenCalledWith(
      'api/admin/solution-partners',
      undefined,
      expect.objectContaining({ sort: 'order' }),
    );
    expect(screen.getByRole('img', { name: 'Logo of Bilge Eğitim Danışmanlık' }).getAttribute('src')).toBe(
      '/api/files/abc.png',
    );
    expect(screen.getByRole('link', { name: "Open Bilge Eğitim Danışmanlık's website" }).getAttribute('href')).toBe(
      'https://www.bilge-egitim.com.tr',
    );
    expect(screen.getByText('ayse@bilge-egitim.com.tr').getAttribute('href')).toBe('mailto:ayse@bilge-egitim.com.tr');
    expect(screen.getByTestId('partner-edit').getAttribute('href')).toBe('/admin/solution-partners/8/edit');
  });

  it('deletes only after confirming', async () => {
    vi.spyOn(http, 'get').mockReturnValue(page([partner]) as never);
    const remove = vi.spyOn(http, 'delete').mockResolvedValue({ message: 'Deleted' } as never);
    renderList();
    fireEvent.click(await screen.findByTestId('partner-delete'));
    expect(await screen.findByText('Bilge Eğitim Danışmanlık will be deleted. This cannot be undone.')).toBeTruthy();
    expect(remove).not.toHaveBeenCalled();
    fireEvent.click(screen.getByTestId('confirm-accept'));
    await waitFor(() => expect(remove).toHaveBeenCalledWith('api/admin/solution-partners', 8));
  });

  it('shows the empty state with the add action', async () => {
    vi.spyOn(http, 'get').mockReturnValue(page([]) as never);
    renderList();
    const empty = await screen.findByTestId('table-empty');
    expect(empty.textContent).toContain('There are no solution partners yet.');
  });
});
