import { afterEach, describe, expect, it, vi } from 'vitest';
import { http } from './api.js';
import { downloadFile, fileNameFromDisposition } from './download.js';

describe('export file names', () => {
  it.each([
    ['attachment; filename="users-2026-05-01.csv"', 'users-2026-05-01.csv'],
    ['attachment; filename=users.xlsx', 'users.xlsx'],
    ['attachment; filename="kullanicilar.csv"; filename*=UTF-8\'\'kullan%C4%B1c%C4%B1lar.csv', 'kullanıcılar.csv'],
    ["attachment; filename*=utf-8''Benutzer%20%C3%9Cbersicht.xlsx", 'Benutzer Übersicht.xlsx'],
    ['attachment; filename="../../etc/passwd"', 'passwd'],
    ['attachment; filename="C:\\temp\\x.csv"', 'x.csv'],
    ["attachment; filename*=UTF-8''%E0%A4%A", 'fallback.csv'],
    ['attachment', 'fallback.csv'],
    [null, 'fallback.csv'],
  ])('%s → %s', (header, expected) => {
    expect(fileNameFromDisposition(header, 'fallback.csv')).toBe(expected);
  });
});

describe('downloadFile', () => {
  afterEach(() => vi.restoreAllMocks());

  it('sends the session headers and saves the body under the server name', async () => {
    const clicks: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicks.push(this.download);
    });
    URL.createObjectURL = vi.fn(() => 'blob:x');
    URL.revokeObjectURL = vi.fn();
    const fetchImpl = vi.fn(
      async () =>
        new Response('id;name\n1;Ayşe', {
          headers: { 'Content-Disposition': 'attachment; filename="users.csv"' },
        }),
    );
    const name = await downloadFile('api/admin/users/export?format=csv', 'users.csv', fetchImpl as typeof fetch);
    expect(name).toBe('users.csv');
    expect(clicks).toEqual(['users.csv']);
    const [url, init] = fetchImpl.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/admin/users/export?format=csv');
    expect((init.headers as Headers).get('X-Kampus-Client')).toMatch(/^web\//);
  });

  it('renews the session once after a 401, and reports a failure with the server message', async () => {
    vi.spyOn(http, 'refresh').mockResolvedValue('new-token');
    const fetchImpl = vi
      .fn()
      .mockResolvedValueOnce(new Response('', { status: 401 }))
      .mockResolvedValueOnce(new Response(JSON.stringify({ message: 'Too many rows' }), { status: 422 }));
    await expect(downloadFile('api/admin/users/export', 'users.xlsx', fetchImpl)).rejects.toThrow('Too many rows');
    expect(fetchImpl).toHaveBeenCalledTimes(2);
    expect(http.refresh).toHaveBeenCalledTimes(1);
  });
});
