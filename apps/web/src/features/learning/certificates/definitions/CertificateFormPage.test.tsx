import type { CertificateDefinition } from '@kampus/shared';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { matchEveryMediaQuery, renderPage } from '../../../../../test/render.js';
import { http } from '../../../../lib/api.js';
import { ApiError } from '../../../../lib/http.js';

const { default: CertificateFormPage } = await import('./CertificateFormPage.js');

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
  validity_months: 24,
  evaluation_required: false,
  recertify: true,
  issued: 5,
  created_at: '2026-03-01T09:00:00.000Z',
  updated_at: '2026-03-01T09:00:00.000Z',
};
const page = (data: unknown[]) => ({ data, meta: { page: 1, per_page: 20, total: data.length } });

function serveGets() {
  return vi.spyOn(http, 'get').mockImplementation(((url: string, id?: number | string) => {
    if (url === 'api/admin/certificates' && id !== undefined) return Promise.resolve({ data: definition });
    if (url === 'api/admin/certificate-templates')
      return Promise.resolve(page([{ id: 2, name: 'Participation', updated_at: definition.updated_at }]));
    if (url === 'api/admin/educations') return Promise.resolve(page([{ id: 3, title: 'Fire Safety Basics' }]));
    if (url === 'api/admin/exams') return Promise.resolve(page([{ id: 11, title: 'Fire safety final exam' }]));
    if (url === 'api/admin/assignments') return Promise.resolve(page([{ id: 21, name: 'Onboarding 2026' }]));
    return Promise.reject(new Error(`unexpected GET ${url}`));
  }) as never);
}

function Where() {
  const location = useLocation();
  return <output data-testid="where">{location.pathname}</output>;
}

function renderAt(path: string) {
  renderPage(
    [
      { path: '/admin/certificate/add', element: <CertificateFormPage /> },
      { path: '/admin/certificate/:id/edit', element: <CertificateFormPage /> },
      { path: '*', element: <Where /> },
    ],
    { at: path },
  );
}

const inputLabelled = (label: RegExp) =>
  screen
    .getAllByLabelText(label)
    .find((element): element is HTMLInputElement => element instanceof HTMLInputElement && element.type !== 'hidden')!;

async function choose(label: RegExp, option: string) {
  const input = inputLabelled(label);
  fireEvent.click(input);
  fireEvent.click(await screen.findByRole('option', { name: option, hidden: true }, { timeout: 3000 }));
}

describe('CertificateFormPage', () => {
  matchEveryMediaQuery();
  // jsdom lays nothing out; a select scrolls its chosen option into view.
  Element.prototype.scrollIntoView ??= () => undefined;
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('refuses an incomplete definition, then creates an exam certificate with a minimum score and a validity', async () => {
    serveGets();
    const post = vi.spyOn(http, 'post').mockResolvedValue({ data: { ...definition, id: 9 } } as never);
    renderAt('/admin/certificate/add');
    fireEvent.change(await screen.findByLabelText(/Certificate name/), { target: { value: 'Exam certificate' } });
    fireEvent.click(screen.getByTestId('certificate-form-save'));
    await waitFor(() => expect(screen.getAllByText('This field is required.').length).toBeGreaterThan(0));
    expect(post).not.toHaveBeenCalled();
    // The minimum score is the exam's; re-assigning on expiry is the training's.
    expect(screen.queryByTestId('certificate-min-score')).toBeNull();
    expect(screen.getByTestId('certificate-recertify')).toBeTruthy();

    await choose(/^Issued when/, 'Exam passed');
    expect(screen.queryByTestId('certificate-recertify')).toBeNull();
    await choose(/^Exam/, 'Fire safety final exam');
    fireEvent.change(inputLabelled(/Minimum score/), { target: { value: '80' } });
    await choose(/^Certificate template/, 'Participation');
    fireEvent.click(screen.getByRole('radio', { name: 'A number of months' }));
    // "A number of months" without a number is an error of its own.
    fireEvent.click(screen.getByTestId('certificate-form-save'));
    await waitFor(() => expect(screen.getByText(/Enter a validity between 1 and 120 months/)).toBeTruthy());
    expect(post).not.toHaveBeenCalled();
    fireEvent.change(inputLabelled(/Valid for \(months\)/), { target: { value: '12' } });
    fireEvent.click(screen.getByTestId('certificate-form-save'));
    await waitFor(() =>
      expect(post).toHaveBeenCalledWith('api/admin/certificates', {
        name: 'Exam certificate',
        trigger: 'exam',
        ref_id: 11,
        min_score: 80,
        template_id: 2,
        validity_months: 12,
        evaluation_required: false,
        recertify: false,
        status: 1,
      }),
    );
  }, 30_000);

  it('edits a definition, links to its issued certificates and shows the server’s field errors', async () => {
    serveGets();
    const update = vi
      .spyOn(http, 'update')
      .mockRejectedValue(
        new ApiError(
          422,
          { message: 'Invalid', errors: { template_id: ['This certificate template was not found.'] } },
          'Invalid',
        ),
      );
    renderAt('/admin/certificate/4/edit');
    expect(await screen.findByDisplayValue('Fire safety certificate')).toBeTruthy();
    expect(screen.getByTestId('certificate-issued-link').getAttribute('href')).toBe('/admin/certificate/4/issued');
    expect(screen.getByTestId('certificate-issued-summary').textContent).toContain('5 issued');
    expect((inputLabelled(/Valid for \(months\)/) as HTMLInputElement).value).toBe('24');
    fireEvent.change(screen.getByLabelText(/Certificate name/), { target: { value: 'Fire safety (renewed)' } });
    fireEvent.click(screen.getByTestId('certificate-form-save'));
    await waitFor(() => expect(update).toHaveBeenCalled());
    expect(update.mock.calls[0]?.[2]).toMatchObject({
      name: 'Fire safety (renewed)',
      trigger: 'education',
      ref_id: 3,
      validity_months: 24,
      recertify: true,
    });
    expect(await screen.findByText('This certificate template was not found.')).toBeTruthy();
  }, 30_000);
});
