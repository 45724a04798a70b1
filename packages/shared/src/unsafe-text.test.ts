import { describe, expect, it } from 'vitest';
import { optionalText } from './schemas/common.js';
import { findUnsafeText, isSafeText } from './unsafe-text.js';

describe('unsafe text (NUL and lone surrogates)', () => {
  it.each([
    ['plain', 'Merhaba dünya', true],
    ['empty', '', true],
    ['a surrogate pair (emoji)', 'ok 👋🏽', true],
    ['NUL', 'a\u0000b', false],
    ['a lone high surrogate', 'a\ud800', false],
    ['a lone high surrogate before text', '\ud800b', false],
    ['a lone low surrogate', '\udc00a', false],
    ['reversed pair', '\udc00\ud800', false],
  ])('%s → safe: %s', (_name, value, safe) => {
    expect(isSafeText(value)).toBe(safe);
  });

  it('finds values and keys at their paths, in objects and arrays', () => {
    const paths = findUnsafeText({ ok: 'x', bad: 'a\u0000', list: [1, 'ok', { 'k\ud800': 'v' }], n: null });
    expect(paths).toHaveLength(2);
    expect(paths).toContainEqual(['bad']);
    expect(paths).toContainEqual(['list', 2, 'k\ud800']);
    expect(findUnsafeText('\u0000')).toEqual([[]]);
    expect(findUnsafeText({ a: 1, b: [true, null] })).toEqual([]);
  });

  it('walks a deeply nested value without overflowing the stack, and skips non-plain objects and cycles', () => {
    let deep: unknown = 'x\u0000';
    for (let i = 0; i < 200_000; i++) deep = [deep];
    expect(findUnsafeText(deep)[0]).toHaveLength(200_000);
    const cyclic: Record<string, unknown> = { name: 'a\u0000' };
    cyclic.self = cyclic;
    expect(findUnsafeText(cyclic)).toEqual([['name']]);
    expect(findUnsafeText({ date: new Date(), buffer: Buffer.from('\u0000') })).toEqual([]);
    const routerParams = Object.create(Object.create(null));
    routerParams.id = '\u0000';
    expect(findUnsafeText(routerParams)).toEqual([['id']]);
  });

  it('is refused by the shared optional text schema with its message key', () => {
    const result = optionalText(100).safeParse('x\u0000');
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('validation.unsafe_characters');
    expect(optionalText(100).parse('  ok  ')).toBe('ok');
  });
});
