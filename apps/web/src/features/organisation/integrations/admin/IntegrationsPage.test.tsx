import type { AdminIntegration } from '@kampus/shared';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../../../../test/render.js';
import { http } from '../../../../lib/api.js';
import IntegrationsPage from './IntegrationsPage.js';

const base = { description: 'Text', settings: {}, activated_by: null };
const list: AdminIntegration[] = [
  { ...base, id: 1, key_name: 'iyzico', name: 'iyzico', category: 'payment', active: false, activated_at: null },
  {
    ...base,
    id: 5,
    key_name: 'zoom',
    name: 'Zoom',
    category: 'meeting',
    active: true,
    activated_at: '2026-03-02T09:30:00.000Z',
    activated_by: { id: 9, name: 'Derya Yönetici' },
  },
];

describe('IntegrationsPage', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('groups the catalogue by kind with each status, activation date and who switched it on', async () => {
    vi.spyOn(http, 'get').mockResolvedValue({ data: list } as never);
    renderPage(<IntegrationsPage />);
    const zoom = await screen.findByTestId('integration-zoom');
    expect(within(zoom).getByTestId('integration-status').textContent).toBe('Active');
    expect(within(zoom).getByTestId('integration-activated-at').textContent).toMatch(/^Active since 02/);
    expect(within(zoom).getByText('Switched on by Derya Yönetici')).toBeTruthy();
    const payment = screen.getByTestId('integration-iyzico');
    expect(within(payment).getByTestId('integration-status').textContent).toBe('Not active');
    expect(screen.getByRole('heading', { name: 'Payments' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Online meetings' })).toBeTruthy();

    fireEvent.click(screen.getByRole('radio', { name: 'Not active' }));
    await waitFor(() => expect(screen.queryByTestId('integration-zoom')).toBeNull());
    expect(screen.getByTestId('integration-iyzico')).toBeTruthy();
  });

  it('activates only after confirming, then reloads the list', async () => {
    const get = vi.spyOn(http, 'get').mockResolvedValue({ data: list } as never);
    const post = vi.spyOn(http, 'post').mockResolvedValue({ data: { ...list[0], active: true } } as never);
    renderPage(<IntegrationsPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Activate: iyzico' }));
    expect(await screen.findByText(/your people will see their order history/)).toBeTruthy();
    expect(post).not.toHaveBeenCalled();
    fireEvent.click(screen.getByTestId('confirm-accept'));
    await waitFor(() => expect(post).toHaveBeenCalledWith('api/integrations', { key_name: 'iyzico' }));
    await waitFor(() => expect(get).toHaveBeenCalledTimes(2));
  });

  it('deactivates through DELETE api/integrations/{id} after confirming', async () => {
    vi.spyOn(http, 'get').mockResolvedValue({ data: list } as never);
    const remove = vi.spyOn(http, 'delete').mockResolvedValue({ message: 'Off', data: list[1] } as never);
    renderPage(<IntegrationsPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Deactivate: Zoom' }));
    fireEvent.click(await screen.findByTestId('confirm-accept'));
    await waitFor(() => expect(remove).toHaveBeenCalledWith('api/integrations', 5));
  });

  it('shows an error with a retry when the list cannot be loaded', async () => {
    vi.spyOn(http, 'get').mockRejectedValue(new Error('down'));
    renderPage(<IntegrationsPage />);
    expect(await screen.findByTestId('integrations-error')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
