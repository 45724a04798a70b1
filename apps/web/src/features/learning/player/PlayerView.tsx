import type { ContentProgress, PlayerMarker } from '@kampus/shared';
import { Alert, Button, Group, Progress, Stack, Text } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { type ReactNode, useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { answerMarker, type PlayerData } from './api.js';
import { ContentPlayer } from './ContentPlayer.js';
import { type ProgressChannel, useProgressReporter } from './use-progress-reporter.js';

/** The learner's progress as the server last said it: a bar, the percentage and the state. */
export function ProgressSummary({ progress }: { progress: ContentProgress }) {
  const { t } = useTranslation();
  const value = Math.round(progress.progress);
  return (
    <Group gap="xs" wrap="nowrap" data-testid="player-progress" data-status={progress.status}>
      <Progress
        value={value}
        color={progress.status === 'completed' ? 'green' : undefined}
        w={{ base: 56, sm: 120 }}
        aria-label={t('player.progress_label')}
      />
      <Text fz="sm" fw={600} data-testid="player-progress-value">
        {t('player.percent', { value })}
      </Text>
    </Group>
  );
}

/** A lone content's completed state, with the one obvious next step: back to the learner's contents. */
function Completed() {
  const { t } = useTranslation();
  return (
    <Alert
      // The darkest green: its title stays readable on the light background (WCAG AA).
      color="green.9"
      variant="light"
      icon={<IconCircleCheck aria-hidden />}
      title={t('player.completed_title')}
      data-testid="player-completed"
    >
      <Stack gap="xs" align="flex-start">
        <Text fz="sm">{t('player.completed_text')}</Text>
        <Button component={Link} to="/dashboard" size="xs">
          {t('player.back_to_my_content')}
        </Button>
      </Stack>
    </Alert>
  );
}

/**
 * The player's body for a learner or a preview: the content by its type, its description, and for a learner the
 * completed state the server reports. A preview sends no progress and no answers.
 */
export function usePlayerChannel(data: PlayerData, preview: boolean) {
  const content = data.content;
  const channel = useProgressReporter(content.id, data.progress, !preview && !data.preview);
  const answer = useCallback(
    async (marker: PlayerMarker, sections: number[][]) =>
      preview || data.preview ? null : answerMarker(content.id, marker.id, { sections }),
    [content.id, preview, data.preview],
  );
  return { channel, answer };
}

export function PlayerBody({
  data,
  channel,
  answer,
  completed,
}: {
  data: PlayerData;
  channel: ProgressChannel;
  answer(marker: PlayerMarker, sections: number[][]): Promise<boolean | null>;
  /** What shows once the content is completed (an education's next part); a lone content's own state by default. */
  completed?: ReactNode;
}) {
  const content = data.content;
  return (
    <Stack gap="md">
      <ContentPlayer data={data} channel={channel} answerMarker={answer} />
      {/* Below the content: completing must not move what the learner is looking at (a SCORM frame fills the window). */}
      {channel.progress?.status === 'completed' && (completed ?? <Completed />)}
      {content.description && content.type !== 'link' && (
        <Text c="dimmed" style={{ whiteSpace: 'pre-line' }}>
          {content.description}
        </Text>
      )}
    </Stack>
  );
}
