import { useMemo } from 'react';
import { useLocalizedText } from '../../../organisation/faq/admin/api.js';
import { useAllCategories } from './api.js';
import { categoryTree } from './category-tree.js';

/**
 * The company's categories as select options in tree order, each indented by its depth (non-breaking spaces: a
 * select trims ordinary ones) and named in the reader's language.
 */
export function useCategoryOptions() {
  const all = useAllCategories();
  const localized = useLocalizedText();
  const options = useMemo(
    () =>
      categoryTree(all.data ?? []).map(({ category, depth }) => ({
        value: String(category.id),
        label: `${'\u00a0\u00a0\u00a0'.repeat(depth)}${depth > 0 ? '↳ ' : ''}${localized(category.names)}`,
      })),
    [all.data, localized],
  );
  return { query: all, options };
}
