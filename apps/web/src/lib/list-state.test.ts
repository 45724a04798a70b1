import { describe, expect, it } from 'vitest';
import { type ListConfig, listApiQuery, listSearchParams, nextSort, parseListState } from './list-state.js';

const config: ListConfig = {
  sortable: ['name', 'created_at'],
  defaultSort: '-created_at',
  filters: [
    { kind: 'select', param: 'status', options: ['0', '1', '2'] },
    { kind: 'date-range', from: 'created_from', to: 'created_to' },
  ],
};
const parse = (query: string) => parseListState(new URLSearchParams(query), config);

describe('list state in the address', () => {
  it('reads page, per_page, sort, search and the typed filters', () => {
    expect(parse('page=3&per_page=50&sort=-name&search=%20ayşe%20&status=0&created_from=2026-01-01')).toEqual({
      page: 3,
      per_page: 50,
      sort: '-name',
      search: 'ayşe',
      filters: { status: '0', created_from: '2026-01-01' },
    });
  });

  it('falls back to the defaults for whatever is malformed, never failing', () => {
    expect(parse('page=-2&per_page=7&sort=password&status=9&created_from=2026-02-30&created_to=yesterday')).toEqual({
      page: 1,
      per_page: 20,
      sort: '-created_at',
      search: '',
      filters: {},
    });
    expect(parse('page=abc&per_page=1e3').page).toBe(1);
    expect(parse('page=2.5').page).toBe(1);
    expect(parse(`search=${'x'.repeat(500)}`).search).toHaveLength(200);
  });

  it('puts a reversed date range in order', () => {
    expect(parse('created_from=2026-05-01&created_to=2026-01-31').filters).toEqual({
      created_from: '2026-01-31',
      created_to: '2026-05-01',
    });
  });

  it('writes a plain address for the defaults, and the same state back', () => {
    expect(listSearchParams(parse(''), config).toString()).toBe('');
    const query = 'page=2&per_page=50&sort=name&search=ali&status=1&created_to=2026-03-01';
    const state = parse(query);
    expect(parse(listSearchParams(state, config).toString())).toEqual(state);
  });

  it('is the API query as it is: the filters keep their own parameter names', () => {
    expect(listApiQuery(parse('sort=name&search=ali&status=0'))).toEqual({
      page: 1,
      per_page: 20,
      sort: 'name',
      search: 'ali',
      status: '0',
    });
  });

  it('sorts a new column ascending and toggles the sorted one', () => {
    expect(nextSort('-created_at', 'name')).toBe('name');
    expect(nextSort('name', 'name')).toBe('-name');
    expect(nextSort('-name', 'name')).toBe('name');
  });
});
