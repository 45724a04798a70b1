import type { CategoryIcon as CategoryIconName } from '@kampus/shared';
import { ThemeIcon } from '@mantine/core';
import { CATEGORY_ICON_COMPONENTS } from '../category-icons.js';

// The map lives beside the learner's pages too (../category-icons.ts); the icon picker takes it from here.
export { CATEGORY_ICON_COMPONENTS };

/** A category's icon; its name is beside it, so the icon itself is hidden from screen readers. */
export function CategoryIcon({ icon, size = 28 }: { icon: CategoryIconName; size?: number }) {
  const Component = CATEGORY_ICON_COMPONENTS[icon];
  return (
    <ThemeIcon variant="light" size={size} radius="md" aria-hidden data-testid="category-icon" data-icon={icon}>
      <Component size={Math.round(size * 0.62)} />
    </ThemeIcon>
  );
}
