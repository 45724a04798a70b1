import type { MailPreview, MailTemplate } from '@kampus/shared';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../../../test/render.js';
import { http } from '../../../lib/api.js';
import { ApiError } from '../../../lib/http.js';
import { insertAt, MailTemplateEditor } from './MailTemplateEditor.js';

const template: MailTemplate = {
  event: 'password_reset',
  language: 'en',
  subject: '{{company}} – Reset your password',
  body: '<p>Hello {{name}},</p>',
  customized: false,
  updated_at: null,
  updated_by: null,
  variables: [
    { name: 'name', description: 'The recipient’s first name', sample: 'Jane' },
    { name: 'company', description: 'The company’s name', sample: 'Acme' },
    { name: 'action_url', description: 'The address the email links to', sample: 'http://acme.localhost/dashboard' },
    { name: 'minutes', description: 'Minutes the link stays valid', sample: '60' },
  ],
};

const previewOf = (subject: string, html = '<p>Hello Jane,</p>'): Promise<never> =>
  Promise.resolve({ data: { subject, html, text: 'Hello Jane,' } satisfies MailPreview }) as Promise<never>;

function mount(item: MailTemplate = template) {
  renderPage(
    [
      { path: '/edit', element: <MailTemplateEditor template={item} /> },
      { path: '*', element: <p>elsewhere</p> },
    ],
    { at: '/edit' },
  );
}

const subjectInput = () => screen.getByTestId('mail-template-subject') as HTMLInputElement;
const previewCalls = () =>
  vi.mocked(http.post).mock.calls.filter(([url]) => url === 'api/admin/mail-templates/password_reset/en/preview');

describe('MailTemplateEditor', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('inserts a variable where the cursor is, or over the selection', () => {
    expect(insertAt('Hello !', '{{name}}', 6, 6)).toEqual({ value: 'Hello {{name}}!', cursor: 14 });
    expect(insertAt('Hello you!', '{{name}}', 6, 9)).toEqual({ value: 'Hello {{name}}!', cursor: 14 });
    expect(insertAt('Hi', '{{name}}', null, null)).toEqual({ value: 'Hi{{name}}', cursor: 10 });
  });

  it('previews the text as one types, sanitized, in a frame that may run nothing', async () => {
    vi.spyOn(http, 'post').mockImplementation((_url, body) =>
      previewOf(
        (body as { subject: string }).subject.replace('{{company}}', 'Acme'),
        '<p>Hello Jane,</p><script>alert(1)</script><img src="x" onerror="alert(2)">',
      ),
    );
    mount();
    await waitFor(() =>
      expect(screen.getByTestId('mail-preview-subject').textContent).toBe('Acme – Reset your password'),
    );
    const frame = screen.getByTestId('mail-preview-frame') as HTMLIFrameElement;
    expect(frame.getAttribute('sandbox')).toBe('');
    expect(frame.getAttribute('srcdoc')).toContain('<p>Hello Jane,</p>');
    expect(frame.getAttribute('srcdoc')).not.toMatch(/script|onerror/);

    fireEvent.change(subjectInput(), { target: { value: 'New subject for {{company}}' } });
    await waitFor(() => expect(screen.getByTestId('mail-preview-subject').textContent).toBe('New subject for Acme'), {
      timeout: 3000,
    });
    expect(previewCalls().at(-1)?.[1]).toEqual({
      subject: 'New subject for {{company}}',
      body: '<p>Hello {{name}},</p>',
    });
  });

  it("shows the server's reasons when the text cannot be previewed", async () => {
    vi.spyOn(http, 'post').mockImplementation((_url, body) =>
      (body as { subject: string }).subject.includes('{{salary}}')
        ? Promise.reject(
            new ApiError(
              422,
              { message: 'x', errors: { subject: ['Variables this email cannot use: {{salary}}'] } },
              'Variables this email cannot use: {{salary}}',
            ),
          )
        : previewOf('ok'),
    );
    mount();
    await screen.findByTestId('mail-preview-subject');
    fireEvent.change(subjectInput(), { target: { value: 'Pay {{salary}}' } });
    const error = await screen.findByTestId('mail-preview-error', {}, { timeout: 3000 });
    expect(error.textContent).toContain('Variables this email cannot use: {{salary}}');
  });

  it('inserts a variable into the field last focused', async () => {
    vi.spyOn(http, 'post').mockImplementation(() => previewOf('x'));
    mount();
    const input = subjectInput();
    fireEvent.focus(input);
    input.setSelectionRange(0, 0);
    fireEvent.click(screen.getByRole('button', { name: 'Insert {{name}}' }));
    expect(subjectInput().value).toBe('{{name}}{{company}} – Reset your password');
  });

  it('offers the reset only for a customized template, and asks first', async () => {
    vi.spyOn(http, 'post').mockImplementation(() => previewOf('x'));
    mount();
    expect(screen.queryByTestId('mail-template-reset')).toBeNull();
    expect(screen.getByTestId('mail-template-default-notice')).toBeTruthy();
    cleanup();

    const remove = vi.spyOn(http, 'delete').mockResolvedValue({ message: 'The default text is in use again.' });
    mount({ ...template, customized: true, updated_at: '2026-11-23T06:00:00.000Z' });
    fireEvent.click(screen.getByTestId('mail-template-reset'));
    expect(remove).not.toHaveBeenCalled();
    fireEvent.click(await screen.findByTestId('confirm-accept'));
    await waitFor(() => expect(remove).toHaveBeenCalledWith('api/admin/mail-templates/password_reset/en'));
  });
});
