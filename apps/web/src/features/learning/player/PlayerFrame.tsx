import { ActionIcon, Box, Center, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';

/**
 * The width of Mantine's `lg` container, as a plain box: importing Container here made the bundler cut four modules
 * the sign-in page loads (the translation hook, Button, …) out of the entry into files of their own (2 kB more to
 * load; e2e/budget.e2e.ts).
 */
export const PAGE_WIDTH = 1140;

/** Back to where the learner came from in the app, else `fallback` (the learner home by default). */
function useBack(fallback: string) {
  const navigate = useNavigate();
  const location = useLocation();
  // React Router's first entry has the key `default`: nothing of ours to go back to.
  return () => (location.key !== 'default' ? navigate(-1) : navigate(fallback));
}

/** The player page's sticky bar: back, the title, and what the mode shows on the right (progress, the parts). */
export function TitleBar({
  title,
  right,
  fallback = '/dashboard',
}: {
  title: string | null;
  right?: ReactNode;
  fallback?: string;
}) {
  const { t } = useTranslation();
  const back = useBack(fallback);
  return (
    <Paper component="header" radius={0} shadow="xs" px="md" py="sm" pos="sticky" top={0} style={{ zIndex: 10 }}>
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Group gap="sm" wrap="nowrap" miw={0}>
          <ActionIcon variant="subtle" size="lg" onClick={back} aria-label={t('player.back')} data-testid="player-back">
            <IconArrowLeft size={20} aria-hidden />
          </ActionIcon>
          <Title order={1} fz={{ base: 'md', sm: 'lg' }} lineClamp={1} data-testid="player-title">
            {title ?? ''}
          </Title>
        </Group>
        {right}
      </Group>
    </Paper>
  );
}

/** The page's main box at the player's width. */
export function PlayerMain({ children, wide }: { children: ReactNode; wide?: boolean }) {
  return (
    <Box maw={wide ? 1360 : PAGE_WIDTH} w="100%" mx="auto" px="md" py="lg" component="main">
      {children}
    </Box>
  );
}

export function PlayerLoading() {
  const { t } = useTranslation();
  return (
    <Center mih={360}>
      <Stack align="center" gap="xs">
        <Loader aria-label={t('player.loading')} />
        <Text c="dimmed" fz="sm">
          {t('player.loading')}
        </Text>
      </Stack>
    </Center>
  );
}
