import { type CompanySettingEntry, hostNameSchema, type ThemeSettings } from '@kampus/shared';
import type { PageHost } from '../legal/choose.js';

export const SOCIAL_NETWORKS = [
  { key: 'linkedin', setting: 'linkedinLink', label: 'LinkedIn' },
  { key: 'instagram', setting: 'instagramLink', label: 'Instagram' },
  { key: 'facebook', setting: 'facebookLink', label: 'Facebook' },
  { key: 'youtube', setting: 'youtubeLink', label: 'YouTube' },
] as const;

export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number]['key'];

export interface SocialLink {
  key: SocialNetwork;
  label: string;
  href: string;
}

function setting<T>(settings: CompanySettingEntry[] | undefined, key: string): T | undefined {
  return settings?.find((entry) => entry.key === key)?.value as T | undefined;
}

/** Whether this host is one where the company hides its social links (setting hide_social_links_hosts). */
export function socialLinksHiddenOn(settings: CompanySettingEntry[] | undefined, page: PageHost): boolean {
  const hosts = setting<unknown>(settings, 'hide_social_links_hosts');
  if (!Array.isArray(hosts)) return false;
  const here = [page.host.toLowerCase(), page.hostname.toLowerCase()];
  return hosts.some((host) => {
    const parsed = hostNameSchema.safeParse(host);
    return parsed.success && here.includes(parsed.data);
  });
}

/** The footer's social links (spec §2.9): only networks with a set http(s) link, none on a host that hides them. */
export function socialLinks(settings: CompanySettingEntry[] | undefined, page: PageHost): SocialLink[] {
  if (socialLinksHiddenOn(settings, page)) return [];
  const theme = setting<ThemeSettings>(settings, 'theme_settings') ?? {};
  return SOCIAL_NETWORKS.flatMap(({ key, setting: name, label }) => {
    const href = theme[name]?.trim();
    return href && /^https?:\/\//i.test(href) ? [{ key, label, href }] : [];
  });
}
