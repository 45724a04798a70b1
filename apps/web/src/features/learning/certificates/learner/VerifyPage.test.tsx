import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../../../../test/render.js';
import { http } from '../../../../lib/api.js';
import VerifyPage from './VerifyPage.js';

const at = (number: string) => ({ path: '/verify/:number', at: `/verify/${number}` });

describe('VerifyPage', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('states whom and what a valid certificate certifies', async () => {
    const get = vi.spyOn(http, 'get').mockResolvedValue({
      data: {
        valid: true,
        number: 'KMP-2026-7F3K-9QXD',
        full_name: 'Gülşen Çağlayan',
        name: 'İSG Katılım Sertifikası',
        title: 'İş Sağlığı ve Güvenliği Temel Eğitimi',
        company: 'Demo Holding',
        issued_at: '2026-03-14T09:00:00.000Z',
        expires_at: null,
      },
    } as never);
    renderPage(<VerifyPage />, at('KMP-2026-7F3K-9QXD'));
    const valid = await screen.findByTestId('verify-valid');
    expect(valid.textContent).toContain('This certificate is valid');
    expect(valid.textContent).toContain('Gülşen Çağlayan');
    expect(valid.textContent).toContain('İş Sağlığı ve Güvenliği Temel Eğitimi');
    expect(valid.textContent).toContain('Demo Holding');
    expect(valid.textContent).toContain('No expiry date');
    expect(get).toHaveBeenCalledWith('api/verify', 'KMP-2026-7F3K-9QXD');
  });

  it('answers "not valid" for any other number', async () => {
    vi.spyOn(http, 'get').mockResolvedValue({ data: { valid: false } } as never);
    renderPage(<VerifyPage />, at('KMP-2026-AAAA-BBBB'));
    const invalid = await screen.findByTestId('verify-invalid');
    expect(invalid.textContent).toContain('Not a valid certificate');
    expect(invalid.textContent).toContain('KMP-2026-AAAA-BBBB');
  });

  it('offers a retry when the check fails', async () => {
    vi.spyOn(http, 'get').mockRejectedValue(new Error('down'));
    renderPage(<VerifyPage />, at('KMP-2026-AAAA-BBBB'));
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
