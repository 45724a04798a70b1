import { describe, expect, it } from 'vitest';
import { categoryTree, subtreeIds } from './category-tree.js';

const category = (id: number, parent_id: number | null, order = 0) => ({ id, parent_id, order });

describe('categoryTree', () => {
  it('puts each parent before its children, siblings by order then id, with the depth of each', () => {
    const rows = categoryTree([
      category(5, 1, 2),
      category(1, null, 1),
      category(2, null, 0),
      category(3, 1, 1),
      category(4, 3, 0),
      category(6, 1, 1),
    ]);
    expect(rows.map((row) => [row.category.id, row.depth])).toEqual([
      [2, 0],
      [1, 0],
      [3, 1],
      [4, 2],
      [6, 1],
      [5, 1],
    ]);
  });

  it('shows a category whose parent is not listed as a root, and never loops on a cycle', () => {
    expect(categoryTree([category(7, 99), category(8, 7)]).map((row) => [row.category.id, row.depth])).toEqual([
      [7, 0],
      [8, 1],
    ]);
    // 1 → 2 → 1: neither has a listed root, so neither is shown twice (and the walk ends).
    expect(categoryTree([category(1, 2), category(2, 1)])).toEqual([]);
  });
});

describe('subtreeIds', () => {
  it('is the category and everything under it, whatever the order they come in', () => {
    const all = [category(4, 3), category(3, 1), category(1, null), category(2, null), category(5, 2)];
    expect([...subtreeIds(all, 1)].sort()).toEqual([1, 3, 4]);
    expect([...subtreeIds(all, 5)]).toEqual([5]);
  });
});
