import type { CompanySettingsForm, CompanySettingsUpdate, StorageUsage } from '@kampus/shared';
import { http } from '../../../lib/api.js';

const SETTINGS_URL = 'api/admin/settings';

/** `api/admin/settings`: the settings of the company the session acts in (read_companysetting). */
export const settingsApi = {
  key: ['admin', 'settings'] as const,
  get: async () => (await http.get<{ data: CompanySettingsForm }>(SETTINGS_URL)).data,
  update: async (body: CompanySettingsUpdate) =>
    (await http.put<{ data: CompanySettingsForm }>(SETTINGS_URL, body)).data,
  storageKey: ['admin', 'settings', 'storage'] as const,
  /** What the company's uploads take of its storage quota. */
  storage: async () => (await http.get<{ data: StorageUsage }>(`${SETTINGS_URL}/storage`)).data,
};
