// Without zod, so the forms of the sign-in path can check their text within issue 11's byte budget.

/**
 * Text PostgreSQL cannot store: a NUL character (refused in text and jsonb) or a lone UTF-16 surrogate (not a
 * character at all; jsonb refuses its `\ud800` escape). No form needs either, so they are refused everywhere.
 */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
export const UNSAFE_TEXT_MESSAGE = 'validation.unsafe_characters';
export const isSafeText = (value: string): boolean => !value.includes('\u0000') && !LONE_SURROGATE.test(value);

export type ValuePath = (string | number)[];

/** A step of the walk; the path is kept as a chain to the parent so deep nesting costs no path copies. */
interface Step {
  value: unknown;
  key: string | number | null;
  parent: Step | null;
}

const pathOf = (step: Step): ValuePath => {
  const path: ValuePath = [];
  for (let at: Step | null = step; at && at.key !== null; at = at.parent) path.push(at.key);
  return path.reverse();
};

/**
 * The paths of every string value or object key holding unsafe text in a parsed JSON value (a body, a query, path
 * parameters). Walks with an explicit stack, so a deeply nested body cannot overflow the call stack, and only into
 * plain objects and arrays (a multipart part or a stream is not data to check); a key's own path names the key.
 */
export function findUnsafeText(root: unknown): ValuePath[] {
  const found: ValuePath[] = [];
  const seen = new Set<object>();
  const stack: Step[] = [{ value: root, key: null, parent: null }];
  while (stack.length > 0) {
    const step = stack.pop()!;
    const { value } = step;
    if (typeof value === 'string') {
      if (!isSafeText(value)) found.push(pathOf(step));
      continue;
    }
    if (!isPlainContainer(value) || seen.has(value)) continue;
    seen.add(value);
    const entries: [string | number, unknown][] = Array.isArray(value) ? [...value.entries()] : Object.entries(value);
    for (const [key, child] of entries) {
      const childStep = { value: child, key, parent: step };
      if (typeof key === 'string' && !isSafeText(key)) found.push(pathOf(childStep));
      stack.push(childStep);
    }
  }
  return found;
}

/**
 * An array or a data object: a literal, `Object.create(null)`, or an object on a constructor-less template (the
 * router's path parameters and the parsed query are such). Class instances (a Date, a Buffer, a stream) are not.
 */
function isPlainContainer(value: unknown): value is object {
  if (Array.isArray(value)) return true;
  if (value === null || typeof value !== 'object') return false;
  const prototype: object | null = Object.getPrototypeOf(value);
  return prototype === null || prototype === Object.prototype || !('constructor' in prototype);
}
