import { type AdminMenuItem, isLocale, menuTypeLabelKey } from '@kampus/shared';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

/** An item's name as the side menu shows it in the current language: the company's title, else the type's label. */
export function useMenuItemName() {
  const { t, i18n } = useTranslation();
  return useCallback(
    (item: Pick<AdminMenuItem, 'type' | 'title'>) => {
      const language = isLocale(i18n.language) ? i18n.language : 'tr';
      return item.title[language] ?? t(menuTypeLabelKey(item.type));
    },
    [t, i18n.language],
  );
}

/** The list after moving the item at `from` to `to`; out-of-range moves leave it as it is. */
export function moveItem<T>(items: readonly T[], from: number, to: number): T[] {
  if (from === to || from < 0 || to < 0 || from >= items.length || to >= items.length) return [...items];
  const next = [...items];
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved as T);
  return next;
}
