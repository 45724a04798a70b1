import type { CertificateTemplate } from '@kampus/shared';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../../../../test/render.js';
import { http } from '../../../../lib/api.js';
import { ApiError } from '../../../../lib/http.js';

const { default: CertificateTemplateFormPage } = await import('./CertificateTemplateFormPage.js');

const stored: CertificateTemplate = {
  id: 7,
  name: 'Katılım Sertifikası',
  status: 1,
  background_color: '#fffdf8',
  background_url: null,
  fields: [
    {
      key: 'name',
      type: 'full_name',
      x: 70,
      y: 290,
      width: 455,
      height: 44,
      font: 'noto-serif',
      weight: 'bold',
      size: 30,
      color: '#1f2937',
      align: 'center',
      text: {},
      issuer_name: '',
      image_url: null,
    },
    {
      key: 'note',
      type: 'free_text',
      x: 60,
      y: 250,
      width: 475,
      height: 22,
      font: 'noto-sans',
      weight: 'regular',
      size: 13,
      color: '#1f2937',
      align: 'center',
      text: { tr: 'Bu sertifika', en: 'This is to certify that' },
      issuer_name: '',
      image_url: null,
    },
  ],
  created_at: '2026-11-01T09:00:00.000Z',
  updated_at: '2026-11-02T09:00:00.000Z',
};

function renderAt(at: string) {
  return renderPage(
    [
      { path: '/admin/certificate-template/add', element: <CertificateTemplateFormPage /> },
      { path: '/admin/certificate-template/:id/edit', element: <CertificateTemplateFormPage /> },
      { path: '*', element: <output data-testid="elsewhere" /> },
    ],
    { at },
  );
}

const canvasField = (key: string) => screen.getByTestId(`canvas-field-${key}`);

describe('CertificateTemplateFormPage', () => {
  beforeAll(() => {
    if (!('fonts' in document)) {
      Object.defineProperty(document, 'fonts', {
        configurable: true,
        value: { addEventListener: () => undefined, removeEventListener: () => undefined },
      });
    }
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('adds a field filled with sample data, moves it with the keyboard and by dragging, and saves the design', {
    timeout: 20_000,
  }, async () => {
    const post = vi.spyOn(http, 'post').mockResolvedValue({ data: { ...stored, id: 9 } } as never);
    renderAt('/admin/certificate-template/add');
    expect(await screen.findByTestId('certificate-fields-empty')).toBeTruthy();
    fireEvent.change(screen.getByTestId('certificate-template-name'), { target: { value: 'Başarı Sertifikası' } });
    fireEvent.click(screen.getByTestId('certificate-add-field'));

    const [added] = screen.getAllByRole('button', { name: /Full name: x/ });
    expect(added).toBeTruthy();
    // The canvas shows the sample learner in the chosen sample language (English in this test's session).
    expect(within(screen.getByTestId('certificate-canvas')).getByText('Alex Morgan')).toBeTruthy();
    const startX = Number(added!.dataset.x);
    const startY = Number(added!.dataset.y);

    fireEvent.keyDown(added!, { key: 'ArrowRight' });
    fireEvent.keyDown(added!, { key: 'ArrowDown', shiftKey: true });
    const moved = screen.getAllByRole('button', { name: /Full name: x/ })[0]!;
    expect([Number(moved.dataset.x), Number(moved.dataset.y)]).toEqual([startX + 1, startY + 10]);
    expect(screen.getByTestId('certificate-canvas-announcement').textContent).toBe(
      `Full name: x ${startX + 1}, y ${startY + 10}`,
    );

    // A drag moves it by the pointer's distance in page points (the canvas is 420 px for 595 pt here).
    fireEvent.pointerDown(moved, { clientX: 100, clientY: 100, pointerId: 1 });
    fireEvent.pointerMove(moved, { clientX: 100 + 42, clientY: 100 - 42, pointerId: 1 });
    fireEvent.pointerUp(moved, { pointerId: 1 });
    const dragged = screen.getAllByRole('button', { name: /Full name: x/ })[0]!;
    expect(Number(dragged.dataset.x)).toBe(Math.round(startX + 1 + (42 * 595) / 420));
    expect(Number(dragged.dataset.y)).toBe(Math.round(startY + 10 - (42 * 595) / 420));

    fireEvent.click(screen.getByTestId('certificate-template-form-save'));
    await waitFor(() => expect(post).toHaveBeenCalledTimes(1));
    const [url, body] = post.mock.calls[0]! as [string, { name: string; fields: { type: string; x: number }[] }];
    expect(url).toBe('api/admin/certificate-templates');
    expect(body.name).toBe('Başarı Sertifikası');
    expect(body.fields).toHaveLength(1);
    expect(body.fields[0]).toMatchObject({ type: 'full_name', x: Number(dragged.dataset.x), font: 'noto-serif' });
  });

  it('never lets a field leave the page', { timeout: 20_000 }, async () => {
    vi.spyOn(http, 'get').mockResolvedValue({ data: stored } as never);
    renderAt('/admin/certificate-template/7/edit');
    await screen.findByTestId('certificate-canvas');
    const field = canvasField('name');
    fireEvent.pointerDown(field, { clientX: 0, clientY: 0, pointerId: 1 });
    fireEvent.pointerMove(field, { clientX: 5000, clientY: 5000, pointerId: 1 });
    fireEvent.pointerUp(field, { pointerId: 1 });
    expect([Number(canvasField('name').dataset.x), Number(canvasField('name').dataset.y)]).toEqual([
      595 - 455,
      842 - 44,
    ]);
  });

  it('edits a stored template’s field properties and shows the server’s field errors on them', {
    timeout: 20_000,
  }, async () => {
    vi.spyOn(http, 'get').mockResolvedValue({ data: stored } as never);
    const update = vi
      .spyOn(http, 'update')
      .mockRejectedValue(
        new ApiError(
          422,
          { message: 'invalid', errors: { 'fields.1.text': ['Write the text in at least one language.'] } },
          'invalid',
        ),
      );
    renderAt('/admin/certificate-template/7/edit');
    await screen.findByTestId('certificate-canvas');
    expect(within(screen.getByTestId('certificate-canvas')).getByText('This is to certify that')).toBeTruthy();
    fireEvent.click(screen.getByTestId('certificate-field-item-note'));
    fireEvent.change(screen.getByTestId('field-text-en'), { target: { value: 'We hereby certify that' } });
    expect(within(screen.getByTestId('certificate-canvas')).getByText('We hereby certify that')).toBeTruthy();
    fireEvent.click(screen.getByTestId('certificate-template-form-save-stay'));
    await waitFor(() => expect(update).toHaveBeenCalledTimes(1));
    expect(await screen.findByText('Write the text in at least one language.')).toBeTruthy();
    // The field with the error is marked on the canvas.
    expect(canvasField('note').style.outline).toContain('red');
  });

  it('removes a field from the list', { timeout: 20_000 }, async () => {
    vi.spyOn(http, 'get').mockResolvedValue({ data: stored } as never);
    renderAt('/admin/certificate-template/7/edit');
    await screen.findByTestId('certificate-canvas');
    fireEvent.click(screen.getByRole('button', { name: 'Remove field: Free text' }));
    expect(screen.queryByTestId('canvas-field-note')).toBeNull();
    expect(screen.getByTestId('canvas-field-name')).toBeTruthy();
  });
});
