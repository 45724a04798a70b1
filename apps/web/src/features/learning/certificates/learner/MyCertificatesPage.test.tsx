import type { MyCertificate } from '@kampus/shared';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../../../../test/render.js';
import { http } from '../../../../lib/api.js';
import CertificatePreviewPage from './CertificatePreviewPage.js';
import MyCertificatesPage from './MyCertificatesPage.js';

const certificate = (values: Partial<MyCertificate> = {}): MyCertificate => ({
  id: 7,
  number: 'KMP-2026-7F3K-9QXD',
  name: 'İSG Katılım Sertifikası',
  title: 'İş Sağlığı ve Güvenliği Temel Eğitimi',
  issued_at: '2026-03-14T09:00:00.000Z',
  expires_at: '2027-03-14T09:00:00.000Z',
  state: 'valid',
  pdf_url: '/api/files/a.pdf?expires=1&signature=x',
  png_url: '/api/files/a.png?expires=1&signature=x',
  verify_url: 'https://demo.kampus.test/verify/KMP-2026-7F3K-9QXD',
  linkedin_url: 'https://www.linkedin.com/profile/add?startTask=CERTIFICATION_NAME&name=x',
  ...values,
});

describe('MyCertificatesPage', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('shows each certificate with its image, status, dates, downloads and sharing', async () => {
    vi.spyOn(http, 'get').mockResolvedValue({
      data: [
        certificate(),
        certificate({ id: 8, number: 'KMP-2026-AAAA-BBBB', name: 'Yangın Güvenliği', state: 'expiring' }),
        certificate({ id: 9, number: 'KMP-2025-CCCC-DDDD', name: 'Forklift', state: 'expired', expires_at: null }),
      ],
    } as never);
    renderPage(<MyCertificatesPage />);
    const cards = await screen.findAllByTestId('certificate-card');
    expect(cards).toHaveLength(3);
    const [first, second, third] = cards as [HTMLElement, HTMLElement, HTMLElement];
    expect(first.textContent).toContain('İSG Katılım Sertifikası');
    expect(first.textContent).toContain('İş Sağlığı ve Güvenliği Temel Eğitimi');
    expect(first.textContent).toContain('KMP-2026-7F3K-9QXD');
    expect(within(first).getByTestId('certificate-state').textContent).toBe('Valid');
    expect(within(second).getByTestId('certificate-state').textContent).toBe('Expires soon');
    expect(within(third).getByTestId('certificate-state').textContent).toBe('Expired');
    expect(third.textContent).toContain('no expiry date');
    expect(within(first).getByTestId('certificate-pdf').getAttribute('href')).toBe(certificate().pdf_url);
    expect(within(first).getByTestId('certificate-png').getAttribute('download')).toBe('KMP-2026-7F3K-9QXD.png');
    const linkedIn = within(first).getByTestId('certificate-linkedin');
    expect(linkedIn.getAttribute('href')).toBe(certificate().linkedin_url);
    expect(linkedIn.getAttribute('rel')).toContain('noopener');
    expect(within(first).getByTestId('certificate-copy-link').textContent).toBe('Copy verification link');
    expect(within(first).getByRole('link', { name: 'View full size' }).getAttribute('href')).toBe(
      '/certification/7/preview',
    );
  });

  it('says when there is nothing yet, and offers a retry on an error', async () => {
    vi.spyOn(http, 'get').mockResolvedValueOnce({ data: [] } as never);
    renderPage(<MyCertificatesPage />);
    expect(await screen.findByText('No certificates yet')).toBeTruthy();
    cleanup();
    vi.spyOn(http, 'get').mockRejectedValue(new Error('down'));
    renderPage(<MyCertificatesPage />);
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('says a certificate is still being prepared before its files exist', async () => {
    vi.spyOn(http, 'get').mockResolvedValue({ data: [certificate({ pdf_url: null, png_url: null })] } as never);
    renderPage(<MyCertificatesPage />);
    const card = await screen.findByTestId('certificate-card');
    expect(card.textContent).toContain('The certificate is being prepared');
    expect(within(card).queryByTestId('certificate-pdf')).toBeNull();
  });
});

describe('CertificatePreviewPage', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('shows the certificate at full size with its actions', async () => {
    const get = vi.spyOn(http, 'get').mockResolvedValue({ data: certificate() } as never);
    renderPage(<CertificatePreviewPage />, { path: '/certification/:id/preview', at: '/certification/7/preview' });
    const image = await screen.findByTestId('certificate-image');
    expect(image.getAttribute('src')).toBe(certificate().png_url);
    expect(image.getAttribute('alt')).toBe('Certificate "İSG Katılım Sertifikası", number KMP-2026-7F3K-9QXD');
    expect(get).toHaveBeenCalledWith('api/certificates/me', 7);
    expect(screen.getByRole('link', { name: 'My certificates' }).getAttribute('href')).toBe('/my-certification');
  });

  it('says so when the certificate is not the person’s', async () => {
    vi.spyOn(http, 'get').mockRejectedValue(new Error('Not found'));
    renderPage(<CertificatePreviewPage />, { path: '/certification/:id/preview', at: '/certification/99/preview' });
    expect(await screen.findByText('This certificate was not found.')).toBeTruthy();
  });
});
