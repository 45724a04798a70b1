/**
 * The message to show for a failed call (spec §8): for 422 and every other status the body is read the same way —
 * a string as is; otherwise the first message under `errors`, else `message`, else `data`, else the body's first value.
 */
export function extractErrorMessage(body: unknown, fallback: string): string {
  if (typeof body === 'string') return body.trim() === '' ? fallback : body;
  if (body === null || typeof body !== 'object') return fallback;
  const record = body as Record<string, unknown>;
  const fromErrors = firstText(record.errors);
  if (fromErrors) return fromErrors;
  for (const key of ['message', 'data'] as const) {
    if (typeof record[key] === 'string' && record[key] !== '') return record[key] as string;
  }
  return firstText(Object.values(record)[0]) ?? fallback;
}

/** The first non-empty string found depth-first in a value: `{email: ['taken']}` → 'taken'. */
function firstText(value: unknown): string | undefined {
  if (typeof value === 'string') return value === '' ? undefined : value;
  if (Array.isArray(value)) {
    for (const item of value) {
      const text = firstText(item);
      if (text) return text;
    }
    return undefined;
  }
  if (value !== null && typeof value === 'object') return firstText(Object.values(value));
  return undefined;
}
