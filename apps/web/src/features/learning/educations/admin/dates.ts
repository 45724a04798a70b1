/** A calendar day of the API (YYYY-MM-DD) as spec §9 writes dates, DD/MM/YYYY (as the day inputs show it); null for none. */
export function formatDay(day: string | null | undefined): string | null {
  const match = day ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(day) : null;
  return match ? `${match[3]}/${match[2]}/${match[1]}` : null;
}
