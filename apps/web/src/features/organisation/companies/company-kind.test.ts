import { describe, expect, it } from 'vitest';
import { companyKind } from './company-kind.js';

const holding = { id: 1, parent: null, children: [{ id: 2, name: 'Retail' }] };
const retail = { id: 2, parent: { id: 1, name: 'Holding' }, children: [] };
const standalone = { id: 9, parent: null, children: [] };

describe('companyKind', () => {
  it.each([
    ['the holding on its own host', 1, holding, 'main'],
    ['a sub-company chosen on the holding host', 2, holding, 'sub'],
    ['a sub-company on its own host', 2, retail, 'sub'],
    ['the holding chosen on a sub-company host', 1, retail, 'main'],
    ['a company outside any group', 9, standalone, 'main'],
    ['an unrelated company', 5, holding, null],
    ['no host company', 1, null, null],
    ['no acting company', undefined, holding, null],
  ] as const)('%s → %s', (_case, acting, host, expected) => {
    expect(companyKind(acting, host)).toBe(expected);
  });
});
