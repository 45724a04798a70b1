import type { CompanySettingsForm, CompanySettingsUpdate } from '@kampus/shared';
import { http } from '../../../lib/api.js';

const SETTINGS_URL = 'api/admin/settings';

/** `api/admin/settings`: the settings of the company the session acts in (read_companysetting). */
export const settingsApi = {
  key: ['admin', 'settings'] as const,
  get: async () => (await http.get<{ data: CompanySettingsForm }>(SETTINGS_URL)).data,
  update: async (body: CompanySettingsUpdate) =>
    (await http.put<{ data: CompanySettingsForm }>(SETTINGS_URL, body)).data,
};
