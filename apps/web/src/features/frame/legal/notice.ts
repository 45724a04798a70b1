/** Whether this browser has still to see the notice: only on a company host, once (spec §1). */
export function noticePending(hasCompany: boolean, shown: unknown): boolean {
  return hasCompany && shown !== true;
}
