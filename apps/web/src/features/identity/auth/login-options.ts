import { type CompanySelf, type LoginOptions, loginOptionsSchema } from '@kampus/shared';
import { useCompany } from '../../../app/company.js';
import { settingValue } from '../../../lib/theme.js';

/** The company's login_options (identifiers, self-registration, approval); null on the marketing host. */
export function loginOptionsOf(company: CompanySelf | null): LoginOptions | null {
  if (!company) return null;
  const parsed = loginOptionsSchema.safeParse(settingValue(company.settings, 'login_options') ?? {});
  // A setting that does not parse allows nothing beyond the defaults: self-registration stays off.
  return parsed.success ? parsed.data : loginOptionsSchema.parse({});
}

export function useLoginOptions(): LoginOptions | null {
  return loginOptionsOf(useCompany());
}
