import { type CompanySelf, type LoginOptions, readLoginOptions } from '@kampus/shared';
import { useCompany } from '../../../app/company.js';
import { settingValue } from '../../../lib/theme.js';

/** The company's login_options (identifiers, self-registration, approval); null on the marketing host. */
export function loginOptionsOf(company: CompanySelf | null): LoginOptions | null {
  // A setting that does not parse allows nothing beyond the defaults: self-registration stays off.
  return company ? readLoginOptions(settingValue(company.settings, 'login_options')) : null;
}

export function useLoginOptions(): LoginOptions | null {
  return loginOptionsOf(useCompany());
}
