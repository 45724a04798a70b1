import type { AdminIssuedCertificate, CertificateDefinition } from '@kampus/shared';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { matchEveryMediaQuery, renderPage } from '../../../../../test/render.js';
import { http } from '../../../../lib/api.js';

const session = vi.hoisted(() => ({ permissions: [] as string[] }));
vi.mock('../../../../lib/session.js', () => ({
  useSessionUser: () => ({
    roles: [{ id: 100, permissions: ['show_certificate', ...session.permissions].map((name) => ({ name })) }],
  }),
}));

const { default: IssuedCertificatesPage } = await import('./IssuedCertificatesPage.js');

const definition: CertificateDefinition = {
  id: 4,
  name: 'Fire safety certificate',
  status: 1,
  trigger: 'education',
  ref_id: 3,
  ref_title: 'Fire Safety Basics',
  min_score: null,
  template_id: 2,
  template_name: 'Participation',
  validity_months: 12,
  evaluation_required: false,
  recertify: false,
  issued: 2,
  created_at: '2026-03-01T09:00:00.000Z',
  updated_at: '2026-03-01T09:00:00.000Z',
};
const base = {
  definition: { id: 4, name: definition.name },
  cycle: 1,
  issued_at: '2026-03-14T09:00:00.000Z',
  revoked_reason: null,
  revoked_at: null,
  rendered: true,
};
const valid: AdminIssuedCertificate = {
  ...base,
  id: 10,
  number: 'KMP-2026-AB12-CD34',
  user: { id: 7, full_name: 'Alex Morgan', email: 'alex@example.test' },
  expires_at: '2027-03-14T09:00:00.000Z',
  status: 'valid',
  state: 'valid',
  pdf_url: '/api/files/a.pdf?expires=1&signature=x',
  png_url: '/api/files/a.png?expires=1&signature=x',
};
const revoked: AdminIssuedCertificate = {
  ...base,
  id: 11,
  number: 'KMP-2026-EF56-GH78',
  user: { id: 8, full_name: 'Sam Taylor', email: null },
  expires_at: '2027-03-14T09:00:00.000Z',
  status: 'revoked',
  state: 'revoked',
  revoked_reason: 'Issued to the wrong person',
  revoked_at: '2026-03-20T09:00:00.000Z',
  rendered: false,
  pdf_url: null,
  png_url: null,
};

function serve(list: AdminIssuedCertificate[]) {
  return vi.spyOn(http, 'get').mockImplementation(((url: string, id?: number | string, query?: unknown) => {
    if (url === 'api/admin/certificates' && id !== undefined) return Promise.resolve({ data: definition });
    if (url === 'api/admin/certificates/issued')
      return Promise.resolve({ data: list, meta: { page: 1, per_page: 20, total: list.length }, query });
    return Promise.reject(new Error(`unexpected GET ${url}`));
  }) as never);
}

const renderAt = (path: string) =>
  renderPage([{ path: '/admin/certificate/:id/issued', element: <IssuedCertificatesPage /> }], { at: path });

describe('IssuedCertificatesPage', () => {
  matchEveryMediaQuery();
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('lists the definition’s certificates with their states and files, filtered by the address’s state', async () => {
    session.permissions = [];
    const get = serve([valid, revoked]);
    renderAt('/admin/certificate/4/issued?status=revoked');
    const rows = await screen.findAllByTestId('table-row');
    expect(rows).toHaveLength(2);
    expect(get).toHaveBeenCalledWith(
      'api/admin/certificates/issued',
      undefined,
      expect.objectContaining({ definition_id: 4, status: 'revoked' }),
    );
    expect(within(rows[0]!).getByTestId('issued-state').getAttribute('data-state')).toBe('valid');
    expect(within(rows[0]!).getByTestId('issued-pdf').getAttribute('href')).toBe(valid.pdf_url);
    // A reader (show_certificate only) downloads, but neither revokes nor re-issues.
    expect(within(rows[0]!).queryByTestId('issued-revoke')).toBeNull();
    expect(screen.queryByTestId('issued-reissue-all')).toBeNull();
    expect(screen.getByTestId('issued-zip')).toBeTruthy();
    // A revoked certificate shows why, has no files and no actions.
    expect(within(rows[1]!).getByTestId('issued-revoked-reason').textContent).toBe('Issued to the wrong person');
    expect(within(rows[1]!).queryByTestId('issued-revoke')).toBeNull();
    expect(within(rows[1]!).queryByTestId('issued-pdf')).toBeNull();
  }, 30_000);

  it('revokes only with a reason, and re-issues only after the admin confirms', async () => {
    session.permissions = ['create_certificate'];
    serve([valid]);
    const post = vi.spyOn(http, 'post').mockResolvedValue({ data: { queued: 1 } } as never);
    renderAt('/admin/certificate/4/issued');
    const row = (await screen.findAllByTestId('table-row'))[0]!;

    fireEvent.click(within(row).getByTestId('issued-reissue'));
    expect(post).not.toHaveBeenCalled();
    fireEvent.click(await screen.findByTestId('confirm-accept'));
    await waitFor(() => expect(post).toHaveBeenCalledWith('api/admin/certificates/issued/10/reissue'));

    fireEvent.click(within(row).getByTestId('issued-revoke'));
    fireEvent.click(await screen.findByTestId('reject-submit'));
    await waitFor(() => expect(screen.getAllByText('This field is required.').length).toBeGreaterThan(0));
    expect(post).toHaveBeenCalledTimes(1);
    fireEvent.change(screen.getByTestId('reject-reason'), { target: { value: 'Wrong person' } });
    fireEvent.click(screen.getByTestId('reject-submit'));
    await waitFor(() =>
      expect(post).toHaveBeenCalledWith('api/admin/certificates/issued/10/revoke', { reason: 'Wrong person' }),
    );
  }, 30_000);
});
