import { companyFinderSchema } from '@kampus/shared';
import { describe, expect, it } from 'vitest';
import { companyLoginUrl, productHost } from './finder.js';

describe('the company finder', () => {
  it.each([
    [{ protocol: 'http:', host: 'localhost:3000' }, 'http://acme.localhost:3000/login'],
    [{ protocol: 'https:', host: 'kampus.com.tr' }, 'https://acme.kampus.com.tr/login'],
    [{ protocol: 'https:', host: 'www.kampus.com.tr' }, 'https://acme.kampus.com.tr/login'],
  ])('sends %o to the company login', (location, expected) => {
    expect(companyLoginUrl('acme', location)).toBe(expected);
  });

  it('keeps a host that merely contains www', () => {
    expect(productHost('wwwkampus.com')).toBe('wwwkampus.com');
  });

  it.each([
    ['  Acme ', 'acme'],
    ['demo-retail', 'demo-retail'],
  ])('accepts the short name %j as %j', (input, slug) => {
    expect(companyFinderSchema.parse({ slug: input })).toEqual({ slug });
  });

  it.each([
    ['', 'validation.required'],
    ['acme.evil.test/x', 'validation.slug'],
    ['-acme', 'validation.slug'],
    ['ac me', 'validation.slug'],
  ])('refuses %j with %s', (input, message) => {
    const result = companyFinderSchema.safeParse({ slug: input });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(message);
  });
});
