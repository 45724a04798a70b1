import type { CompanySelf, CompanySettingsForm } from '@kampus/shared';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { Outlet } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../../../test/render.js';
import { CompanyContext, CompanyRefreshContext, useHostCompany } from '../../../app/company.js';
import { http } from '../../../lib/api.js';
import { ApiError } from '../../../lib/http.js';
import SettingsPage from './SettingsPage.js';

const stored: CompanySettingsForm = {
  default_language: 'tr',
  surname_view_restrict: 0,
  logo_link: null,
  chat_is_disabled: false,
  hide_online_users: false,
  hide_copyright_notice: false,
  theme_settings: { primaryColor: '#3F51B5' },
  login_options: {
    identifiers: ['email', 'username'],
    sms_two_factor: false,
    self_registration: false,
    self_registration_requires_approval: true,
  },
  personal_data_notice: { default: {}, hosts: {} },
  clarification_text: { default: {}, hosts: {} },
  hide_social_links_hosts: [],
  user_custom_fields: [{ key: 'shift', label: { tr: 'Vardiya', en: 'Shift' } }],
};
const company = { id: 1, name: 'Demo Holding', slug: 'demo', settings: [] } as unknown as CompanySelf;

/**
 * The app's own wiring (App.tsx): the host company and its refresh, which a save calls. A layout route, since
 * `renderPage`'s `company` is a fixed value.
 */
function HostCompany() {
  const [current, refresh] = useHostCompany(company);
  return (
    <CompanyContext.Provider value={current}>
      <CompanyRefreshContext.Provider value={refresh}>
        <Outlet />
      </CompanyRefreshContext.Provider>
    </CompanyContext.Provider>
  );
}

function renderSettings() {
  return renderPage(
    [
      {
        element: <HostCompany />,
        children: [
          { path: '/admin/settings', element: <SettingsPage /> },
          { path: '/admin/dashboard', element: <p>dashboard</p> },
        ],
      },
    ],
    { at: '/admin/settings' },
  ).client;
}

// Mantine's tabs and pickers render slowly in jsdom on a busy machine.
const SLOW = { timeout: 10_000 };

describe('SettingsPage', { timeout: 30_000 }, () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('saves a new primary colour and fetches the host company again, so the theme follows', async () => {
    const get = vi
      .spyOn(http, 'get')
      .mockImplementation(((url: string) =>
        Promise.resolve({ data: url === 'api/admin/settings' ? stored : company })) as never);
    const put = vi
      .spyOn(http, 'put')
      .mockImplementation(((_url: string, body: unknown) =>
        Promise.resolve({ data: { ...stored, ...(body as object) } })) as never);
    renderSettings();
    fireEvent.click(await screen.findByTestId('settings-tab-branding'));
    const primary = screen.getByTestId('color-primaryColor') as HTMLInputElement;
    fireEvent.change(primary, { target: { value: '#aa0000' } });
    expect(screen.getByTestId('theme-preview-button').style.background).toBe('rgb(170, 0, 0)');
    fireEvent.click(screen.getByTestId('settings-form-save-stay'));
    await waitFor(
      () =>
        expect(put).toHaveBeenCalledWith(
          'api/admin/settings',
          expect.objectContaining({ theme_settings: { primaryColor: '#aa0000' }, default_language: 'tr' }),
        ),
      SLOW,
    );
    await waitFor(() => expect(get).toHaveBeenCalledWith('api/company/self'), SLOW);
    expect(await screen.findByText('The settings have been saved.', {}, SLOW)).toBeTruthy();
  });

  it('refuses a bad colour before sending, and marks the tab that holds it', async () => {
    vi.spyOn(http, 'get').mockResolvedValue({ data: stored } as never);
    const put = vi.spyOn(http, 'put');
    renderSettings();
    fireEvent.click(await screen.findByTestId('settings-tab-branding'));
    fireEvent.change(screen.getByTestId('color-dangerColor'), { target: { value: 'kırmızı' } });
    fireEvent.click(screen.getByTestId('settings-tab-general'));
    fireEvent.click(screen.getByTestId('settings-form-save-stay'));
    expect(await screen.findByText('Enter a valid colour code (e.g. #3F51B5).', {}, SLOW)).toBeTruthy();
    expect(put).not.toHaveBeenCalled();
  });

  it("shows the server's field errors on their fields", async () => {
    vi.spyOn(http, 'get').mockResolvedValue({ data: stored } as never);
    vi.spyOn(http, 'put').mockRejectedValue(
      new ApiError(422, { message: 'Invalid', errors: { logo_link: ['Upload the logo again.'] } }, 'Invalid'),
    );
    renderSettings();
    fireEvent.click(await screen.findByTestId('setting-hide_online_users'));
    fireEvent.click(screen.getByTestId('settings-form-save-stay'));
    await waitFor(() => expect(http.put).toHaveBeenCalled(), SLOW);
    expect(await screen.findByText('Upload the logo again.', {}, SLOW)).toBeTruthy();
  });

  it('defines user fields: a saved key is fixed, a new key follows its label, reorder, remove after asking', async () => {
    vi.spyOn(http, 'get').mockImplementation(((url: string) =>
      Promise.resolve({ data: url === 'api/admin/settings' ? stored : company })) as never);
    const put = vi
      .spyOn(http, 'put')
      .mockImplementation(((_url: string, body: unknown) =>
        Promise.resolve({ data: { ...stored, ...(body as object) } })) as never);
    renderSettings();
    fireEvent.click(await screen.findByTestId('settings-tab-fields'));
    expect((screen.getByTestId('user-field-0-key') as HTMLInputElement).readOnly).toBe(true);

    fireEvent.click(screen.getByTestId('user-field-add'));
    fireEvent.change(screen.getByTestId('user-field-1-label-tr'), { target: { value: 'Masraf Merkezi' } });
    const key = screen.getByTestId('user-field-1-key') as HTMLInputElement;
    expect(key.value).toBe('masraf_merkezi');
    expect(key.readOnly).toBe(false);
    fireEvent.change(screen.getByTestId('user-field-1-label-en'), { target: { value: 'Cost centre' } });
    expect(key.value).toBe('masraf_merkezi');
    fireEvent.click(screen.getByRole('button', { name: 'Move Cost centre up' }));
    expect((screen.getByTestId('user-field-0-key') as HTMLInputElement).value).toBe('masraf_merkezi');

    fireEvent.click(screen.getByTestId('user-field-remove-1'));
    expect(await screen.findByText(/values people already have are not deleted/, {}, SLOW)).toBeTruthy();
    fireEvent.click(screen.getByTestId('confirm-accept'));
    await waitFor(() => expect(screen.queryByTestId('user-field-1')).toBeNull(), SLOW);

    fireEvent.change(screen.getByTestId('user-field-0-key'), { target: { value: 'Masraf Merkezi' } });
    fireEvent.click(screen.getByTestId('settings-form-save-stay'));
    expect(
      await screen.findByText('A key may only contain lower-case letters, digits and underscores.', {}, SLOW),
    ).toBeTruthy();
    expect(put).not.toHaveBeenCalled();
    fireEvent.change(screen.getByTestId('user-field-0-key'), { target: { value: 'cost_center' } });
    fireEvent.click(screen.getByTestId('settings-form-save-stay'));
    await waitFor(
      () =>
        expect(put).toHaveBeenCalledWith(
          'api/admin/settings',
          expect.objectContaining({
            user_custom_fields: [{ key: 'cost_center', label: { tr: 'Masraf Merkezi', en: 'Cost centre' } }],
          }),
        ),
      SLOW,
    );
  });

  it('shows the failure to load with a retry', async () => {
    vi.spyOn(http, 'get').mockRejectedValue(new ApiError(500, null, 'Boom'));
    renderSettings();
    expect(await screen.findByTestId('settings-load-error')).toBeTruthy();
  });
});
