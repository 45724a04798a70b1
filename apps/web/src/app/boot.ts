import type { CompanySelf, Localization } from '@kampus/shared';

export interface Boot {
  /** The host's company; null on the marketing host. */
  company: CompanySelf | null;
  localization: Localization;
}

async function getJson<T>(url: string): Promise<T | null> {
  const response = await fetch(url, { headers: { Accept: 'application/json' } }).catch(() => null);
  return response?.ok ? ((await response.json()) as T) : null;
}

/** What the app needs before its first render: the company of this host and the translations. */
export async function loadBoot(): Promise<Boot> {
  const [company, localization] = await Promise.all([
    getJson<{ data: CompanySelf }>('/api/company/self'),
    getJson<Localization>('/api/localization'),
  ]);
  if (!localization) throw new Error('The translations could not be loaded.');
  return { company: company?.data ?? null, localization };
}
