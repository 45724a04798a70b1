import { Stack, Text, ThemeIcon } from '@mantine/core';
import { IconInbox } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** What a list or page shows when there is nothing: an icon, a sentence, and what one can do about it. */
export function EmptyState({
  title,
  text,
  action,
  icon,
  testId,
}: {
  title: string;
  text?: string;
  action?: ReactNode;
  icon?: ReactNode;
  testId?: string;
}) {
  return (
    <Stack align="center" gap="xs" py="xl" data-testid={testId}>
      <ThemeIcon size={48} radius="xl" variant="light" color="gray" aria-hidden>
        {icon ?? <IconInbox size={26} />}
      </ThemeIcon>
      {/* The body colour, not the grey a table's empty-state wrapper sets, which fails WCAG AA contrast. */}
      <Text fw={600} c="var(--mantine-color-text)">
        {title}
      </Text>
      {text && (
        <Text c="dimmed" fz="sm" ta="center" maw={480}>
          {text}
        </Text>
      )}
      {action}
    </Stack>
  );
}
