import { describe, expect, it } from 'vitest';
import { hasPage } from '../../../app/route-table.js';
import { routes } from '../../../app/router.js';
import { stripEntryParams, tokenEntryDestination } from './entry.js';

describe('token-query entry (spec §2.5)', () => {
  it.each([
    ['assignment', '12', '/assignment/12/detail'],
    ['assignment', null, '/dashboard'],
    ['assignment', '12abc', '/dashboard'],
    ['education', '7', '/education/7/detail'],
    ['education', null, '/dashboard'],
    ['education-category', null, '/education-category'],
    ['my-certification', null, '/my-certification'],
    ['certification', '3', '/my-certification'],
    [null, null, '/dashboard'],
    ['unknown', '5', '/dashboard'],
  ])('type %s with id %s goes to %s', (type, id, expected) => {
    expect(tokenEntryDestination(type, id)).toBe(expected);
  });

  it('strips token, type and id and keeps the rest', () => {
    expect(stripEntryParams('?token=abc&type=education&id=4')).toBe('');
    expect(stripEntryParams('?token=abc&utm_source=mail')).toBe('?utm_source=mail');
  });
});

describe('token-query entry lands on real pages (issue 13)', () => {
  it.each([
    ['education', '7'],
    ['education-category', null],
    [null, null],
  ])('type %s with id %s opens a page of the route table', (type, id) => {
    expect(hasPage(routes, tokenEntryDestination(type, id))).toBe(true);
  });
});
