import { Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * The line under an admin page's title (which the admin layout renders with the breadcrumbs): what the page is for,
 * and its main actions on the right.
 */
export function PageHeader({ description, actions }: { description?: ReactNode; actions?: ReactNode }) {
  return (
    <Group justify="space-between" align="center" gap="sm" wrap="wrap">
      {description ? (
        <Text c="dimmed" fz="sm" maw={720}>
          {description}
        </Text>
      ) : (
        <span />
      )}
      {actions && <Group gap="xs">{actions}</Group>}
    </Group>
  );
}
