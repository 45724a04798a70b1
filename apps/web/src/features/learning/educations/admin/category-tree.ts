import type { EducationCategory } from '@kampus/shared';

/** A category in tree order, with its depth (a root is 0), as a list or a select shows it indented. */
export interface TreeRow<C> {
  category: C;
  depth: number;
}

/**
 * The categories in tree order: each parent followed by its children, siblings by `order` then id. A category whose
 * parent is not among them (filtered out, or on another page) stands as a root, so nothing is lost from a list.
 */
export function categoryTree<C extends Pick<EducationCategory, 'id' | 'parent_id' | 'order'>>(
  categories: readonly C[],
): TreeRow<C>[] {
  const ids = new Set(categories.map((category) => category.id));
  const children = new Map<number | null, C[]>();
  for (const category of categories) {
    const parent = category.parent_id !== null && ids.has(category.parent_id) ? category.parent_id : null;
    children.set(parent, [...(children.get(parent) ?? []), category]);
  }
  const rows: TreeRow<C>[] = [];
  const seen = new Set<number>();
  const walk = (parent: number | null, depth: number) => {
    const siblings = [...(children.get(parent) ?? [])].sort((a, b) => a.order - b.order || a.id - b.id);
    for (const category of siblings) {
      // A cycle cannot come from the server (it refuses one), but a list must never loop on bad data.
      if (seen.has(category.id)) continue;
      seen.add(category.id);
      rows.push({ category, depth });
      walk(category.id, depth + 1);
    }
  };
  walk(null, 0);
  return rows;
}

/** The ids of a category and everything under it: a category cannot be moved under one of these. */
export function subtreeIds(categories: readonly Pick<EducationCategory, 'id' | 'parent_id'>[], rootId: number) {
  const ids = new Set([rootId]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const category of categories) {
      if (category.parent_id !== null && ids.has(category.parent_id) && !ids.has(category.id)) {
        ids.add(category.id);
        grew = true;
      }
    }
  }
  return ids;
}
