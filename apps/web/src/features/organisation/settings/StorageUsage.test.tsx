import { cleanup, screen } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { renderPage } from '../../../../test/render.js';
import { formatBytes, StorageUsageBar } from './StorageUsage.js';

const MB = 1024 * 1024;

describe('StorageUsageBar', () => {
  afterEach(async () => {
    cleanup();
    await i18next.changeLanguage('en');
  });

  it.each([
    [0, 'en', '0 byte'],
    [1536, 'en', '1.5 kB'],
    [1024 * MB, 'en', '1 GB'],
    [12.25 * MB, 'tr', '12,3 MB'],
    [12.25 * MB, 'de', '12,3 MB'],
  ])('formats %d bytes in %s as %s', (bytes, locale, expected) => {
    expect(formatBytes(bytes, locale).replace(/\u00a0/g, ' ')).toBe(expected);
  });

  it('shows used of quota, the files and a named progress bar in the reader’s language', async () => {
    await i18next.changeLanguage('tr');
    renderPage(
      <StorageUsageBar usage={{ used_bytes: 900 * MB, quota_bytes: 1024 * MB, files: 1234 }} testId="usage" />,
    );
    expect(screen.getByTestId('usage-used').textContent?.replace(/\u00a0/g, ' ')).toBe('Kullanılan: 900 MB / 1 GB');
    expect(screen.getByTestId('usage-files').textContent).toBe('Dosya sayısı: 1.234');
    const bar = screen.getByRole('progressbar', { name: 'Kullanılan depolama alanı' });
    expect(Number(bar.getAttribute('aria-valuenow'))).toBeCloseTo(87.9, 1);
  });
});
