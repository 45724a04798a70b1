import fc from 'fast-check';

/**
 * Invalid and edge-case request inputs for the schema-driven fuzz test (fuzz.test.ts), generated with fast-check from
 * each operation's JSON schema in the OpenAPI document. Most values are close to valid, so a request passes the
 * schema and reaches the service; a share of the nodes are hostile (wrong types, NUL, lone surrogates, huge or
 * deeply nested values, prototype keys, huge numbers, negative ids, arrays where objects go).
 */

/** The subset of JSON Schema (draft 2020-12, as fastify-type-provider-zod emits it) the generator understands. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  format?: string;
  pattern?: string;
}

/** A body that is not JSON, or not the JSON a parser accepts, sent as is. */
export class RawBody {
  constructor(
    readonly raw: string,
    readonly contentType: string,
  ) {}
}

const nested = (depth: number, kind: 'array' | 'object'): unknown => {
  let value: unknown = 'bottom';
  for (let i = 0; i < depth; i++) value = kind === 'array' ? [value] : { a: value };
  return value;
};

/** Objects with keys a careless merge would treat as the prototype; built without a prototype so they are own keys. */
const withKeys = (entries: [string, unknown][]): Record<string, unknown> => {
  const object: Record<string, unknown> = Object.create(null);
  for (const [key, value] of entries) object[key] = value;
  return object;
};
const PROTOTYPE_KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'valueOf'];
const prototypePollution = () => [
  withKeys([['__proto__', withKeys([['polluted', 'yes']])]]),
  withKeys([['constructor', withKeys([['prototype', withKeys([['polluted', 'yes']])]])]]),
];

/** Text PostgreSQL refuses: NUL and lone surrogates (the cause of most 500s the probe found). */
export const UNSTORABLE_STRINGS = ['a\u0000b', '\u0000', '\ud800', 'x\udc00y', '\udfff\ud800', 'ok\ud83d'];

export const NASTY_STRINGS = [
  '',
  ' ',
  '   ',
  '%00',
  '\u202eevil\u202c',
  '\u200b\u200d\ufeff',
  'İıŞşĞğ ÇçÖöÜü Əə ß',
  'e\u0301\u0301\u0301',
  '🙂👩‍👩‍👧‍👦🏳️‍🌈',
  '𝔘𝔫𝔦𝔠𝔬𝔡𝔢',
  '\r\n\t\u000b\f',
  '../../../../etc/passwd',
  '..\\..\\windows\\win.ini',
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  "' OR '1'='1",
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template-injection probe, meant literally
  '${7*7}{{7*7}}<%= 7*7 %>',
  "$& $` $' $$",
  '%s%n%x%d',
  '__proto__',
  '-constructor',
  'toString',
  'hasOwnProperty',
  'null',
  'undefined',
  'NaN',
  'true',
  '-1',
  '0',
  '1e309',
  '0x7fffffff',
  ' 1 ',
  '9'.repeat(40),
  '-9'.repeat(20),
  'a'.repeat(300),
  'ş'.repeat(5000),
  'x'.repeat(200_000),
];

export const NASTY_NUMBERS = [
  0,
  -0,
  -1,
  -2147483649,
  2147483647,
  2147483648,
  2 ** 53 + 2,
  Number.MAX_SAFE_INTEGER,
  -Number.MAX_SAFE_INTEGER,
  1e308,
  -1e308,
  1.5,
  1e-7,
];

/** A value of no particular schema, chosen to break a careless parser, query or column. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...NASTY_STRINGS) },
  { weight: 3, arbitrary: fc.constantFrom(...UNSTORABLE_STRINGS) },
  { weight: 4, arbitrary: fc.constantFrom(...NASTY_NUMBERS) },
  { weight: 2, arbitrary: fc.constantFrom<unknown>(null, true, false, [], {}, [null], [[]], { id: -1 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  { weight: 1, arbitrary: fc.constantFrom(...prototypePollution()) },
  { weight: 1, arbitrary: fc.constantFrom(nested(64, 'array'), nested(1000, 'object'), nested(2000, 'array')) },
  { weight: 1, arbitrary: fc.constant(Array.from({ length: 5000 }, (_, i) => i - 2500)) },
);

/** Text that is not the JSON the route expects, or no JSON at all. */
const RAW_BODIES: RawBody[] = [
  new RawBody('{"a":', 'application/json'),
  new RawBody('', 'application/json'),
  new RawBody('null', 'application/json'),
  new RawBody('"just a string"', 'application/json'),
  new RawBody('[1,2,3]', 'application/json'),
  new RawBody('\ufeff{}', 'application/json'),
  new RawBody('{"a":1,"a":2}', 'application/json'),
  new RawBody('{"__proto__":{"polluted":"yes"}}', 'application/json'),
  new RawBody('{"constructor":{"prototype":{"polluted":"yes"}}}', 'application/json'),
  new RawBody('{"a":"\\u0000","b":"\\ud800"}', 'application/json'),
  new RawBody('{"a":1e999999}', 'application/json'),
  new RawBody('a=1&b=2', 'application/x-www-form-urlencoded'),
  new RawBody('plain text', 'text/plain'),
  new RawBody('{}', 'application/json; charset=latin1'),
  new RawBody(`${'['.repeat(100_000)}${']'.repeat(100_000)}`, 'application/json'),
  new RawBody(`${'{"a":'.repeat(30_000)}1${'}'.repeat(30_000)}`, 'application/json'),
  new RawBody(`{"constructor":${'['.repeat(50_000)}${']'.repeat(50_000)}}`, 'application/json'),
  new RawBody('--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--', 'multipart/form-data'),
];
export const rawBody: fc.Arbitrary<RawBody> = fc.constantFrom(...RAW_BODIES);

/** Generation settings: how often a node is replaced by a hostile value. */
interface Mode {
  hostileRate: number;
  depth: number;
}

/** Arbitraries for a regular expression are costly to build (\p{L} expands to every letter): one per pattern. */
const patternArbitraries = new Map<string, fc.Arbitrary<string> | null>();
function safePattern(pattern: string): fc.Arbitrary<string> | null {
  if (!patternArbitraries.has(pattern)) {
    let arbitrary: fc.Arbitrary<string> | null;
    try {
      arbitrary = fc.stringMatching(new RegExp(pattern, 'u'), { size: 'xsmall' });
    } catch {
      arbitrary = null;
    }
    patternArbitraries.set(pattern, arbitrary);
  }
  return patternArbitraries.get(pattern) ?? null;
}

/** A fitting string with one edge character put in: it passes length and pattern checks less often, but often enough. */
const EDGE_CHARACTERS = ['\u0000', '\ud800', '\udc00', '\u202e', '\ufeff', '\u0085', '\u2028'];
function withEdgeCharacter(text: fc.Arbitrary<string>): fc.Arbitrary<string> {
  return fc.tuple(text, fc.constantFrom(...EDGE_CHARACTERS), fc.nat()).map(([value, edge, at]) => {
    const index = value.length === 0 ? 0 : at % (value.length + 1);
    return `${value.slice(0, index)}${edge}${value.slice(index)}`;
  });
}

function stringFor(schema: JsonSchema, mode: Mode): fc.Arbitrary<string> {
  const fitting = fittingStringFor(schema);
  if (mode.hostileRate === 0) return fitting;
  return fc.oneof({ weight: 3, arbitrary: fitting }, { weight: 1, arbitrary: withEdgeCharacter(fitting) });
}

function fittingStringFor(schema: JsonSchema): fc.Arbitrary<string> {
  if (schema.pattern) {
    const matching = safePattern(schema.pattern);
    if (matching) return matching;
  }
  if (schema.format === 'email') return fc.emailAddress();
  if (schema.format === 'uri') return fc.webUrl();
  if (schema.format === 'date') return fc.date({ noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
  const minLength = schema.minLength ?? 0;
  return fc.string({ minLength, maxLength: Math.max(minLength, Math.min(schema.maxLength ?? 40, 40)) });
}

function numberFor(schema: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const low = schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : -5);
  const high = schema.maximum ?? (schema.exclusiveMaximum !== undefined ? schema.exclusiveMaximum - 1 : 60);
  // Ids and counts: mostly small values, so a generated id often names a row the run created.
  const min = Math.max(low, -1_000_000);
  const max = Math.max(min, Math.min(high, 60));
  return integer ? fc.integer({ min, max }) : fc.oneof(fc.integer({ min, max }), fc.double({ min, max, noNaN: true }));
}

function typesOf(schema: JsonSchema): string[] {
  if (Array.isArray(schema.type)) return schema.type;
  if (schema.type) return [schema.type];
  if (schema.properties) return ['object'];
  if (schema.items) return ['array'];
  return [];
}

function objectFor(schema: JsonSchema, mode: Mode): fc.Arbitrary<unknown> {
  const properties = Object.entries(schema.properties ?? {});
  const required = new Set(schema.required ?? []);
  const fields = properties.map(([name, child]) => {
    const value = valueFor(child, { ...mode, depth: mode.depth + 1 });
    return required.has(name) && mode.hostileRate === 0
      ? value.map((v) => [name, v] as [string, unknown])
      : fc.option(
          value.map((v) => [name, v] as [string, unknown]),
          { freq: 4, nil: null },
        );
  });
  const extraKey = fc.oneof(fc.constantFrom(...PROTOTYPE_KEYS), fc.constantFrom('a\u0000', '\ud800', ''), fc.string());
  const extras = mode.hostileRate > 0 ? fc.array(fc.tuple(extraKey, hostileValue), { maxLength: 2 }) : fc.constant([]);
  return fc
    .tuple(fc.tuple(...fields), extras)
    .map(([chosen, extra]) => withKeys([...chosen.filter((f) => f !== null), ...extra]));
}

/** A value that mostly fits the schema; each node is hostile with the mode's rate. */
export function valueFor(schema: JsonSchema, mode: Mode): fc.Arbitrary<unknown> {
  const fitting = fittingValueFor(schema, mode);
  if (mode.hostileRate === 0 || mode.depth > 6) return fitting;
  const hostileWeight = Math.max(1, Math.round(mode.hostileRate * 100));
  return fc.oneof(
    { weight: 100 - hostileWeight, arbitrary: fitting },
    { weight: hostileWeight, arbitrary: hostileValue },
  );
}

function fittingValueFor(schema: JsonSchema, mode: Mode): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum && schema.enum.length > 0) return fc.constantFrom(...schema.enum);
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices && choices.length > 0) return fc.oneof(...choices.map((choice) => valueFor(choice, mode)));
  if (schema.allOf?.[0]) return valueFor(schema.allOf[0], mode);
  const types = typesOf(schema);
  if (types.length === 0) return fc.jsonValue({ maxDepth: 2 });
  return fc.oneof(...types.map((type) => valueOfType(type, schema, mode)));
}

function valueOfType(type: string, schema: JsonSchema, mode: Mode): fc.Arbitrary<unknown> {
  switch (type) {
    case 'string':
      return stringFor(schema, mode);
    case 'integer':
      return numberFor(schema, true);
    case 'number':
      return numberFor(schema, false);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(valueFor(schema.items ?? {}, { ...mode, depth: mode.depth + 1 }), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.max(schema.minItems ?? 0, Math.min(schema.maxItems ?? 4, 4)),
      });
    case 'object':
      return objectFor(schema, mode);
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** How hostile one request is: a fully fitting one reaches the service; the others test validation. */
const HOSTILE_RATES = [
  { weight: 2, hostileRate: 0 },
  { weight: 1, hostileRate: 0.05 },
  { weight: 1, hostileRate: 0.15 },
  { weight: 1, hostileRate: 0.4 },
];

/** A JSON body for a schema, or now and then a hostile whole body or a raw non-JSON one. */
export function bodyFor(schema: JsonSchema | undefined): fc.Arbitrary<unknown> {
  const fitting = schema
    ? fc.oneof(
        ...HOSTILE_RATES.map(({ weight, hostileRate }) => ({
          weight,
          arbitrary: valueFor(schema, { hostileRate, depth: 0 }),
        })),
      )
    : fc.constant(undefined);
  return fc.oneof(
    { weight: 8, arbitrary: fitting },
    { weight: 1, arbitrary: hostileValue },
    { weight: 1, arbitrary: rawBody },
  );
}

/** A path or query value as text: a fitting value's text, or a hostile one. */
export function textFor(schema: JsonSchema | undefined): fc.Arbitrary<string> {
  const asText = (value: unknown) =>
    typeof value === 'string' ? value : value === undefined ? '' : JSON.stringify(value);
  const fitting = valueFor(schema ?? {}, { hostileRate: 0, depth: 0 }).map(asText);
  return fc.oneof(
    { weight: 3, arbitrary: fitting },
    { weight: 1, arbitrary: withEdgeCharacter(fitting) },
    { weight: 2, arbitrary: hostileValue.map(asText) },
  );
}

/**
 * Percent-encodes one URL component, including lone surrogates (which encodeURIComponent refuses): their three
 * UTF-8-style bytes, as an attacker would send them.
 */
export function encodeComponent(value: string): string {
  let out = '';
  for (const char of value) {
    const code = char.charCodeAt(0);
    if (char.length === 1 && code >= 0xd800 && code <= 0xdfff) {
      const bytes = [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)];
      out += bytes.map((b) => `%${b.toString(16).toUpperCase()}`).join('');
    } else {
      out += encodeURIComponent(char);
    }
  }
  return out;
}
