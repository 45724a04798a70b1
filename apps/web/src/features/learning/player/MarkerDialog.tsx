import type { PlayerMarker } from '@kampus/shared';
import { Alert, Button, Checkbox, Group, Modal, Stack, Text } from '@mantine/core';
import { IconCircleCheck, IconCircleX } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

interface MarkerDialogProps {
  marker: PlayerMarker | null;
  /** Sends the answer; resolves to right/wrong when graded, null when not (or in a preview). */
  onAnswer(marker: PlayerMarker, sections: number[][]): Promise<boolean | null>;
  /** The answer is in (and its result seen): the video plays on. */
  onContinue(marker: PlayerMarker): void;
}

/**
 * A marker's question over the paused video (spec §3 interactive markers): it closes only once answered. Options are
 * checkboxes, since a question may have more than one right option; each section needs at least one choice.
 */
export function MarkerDialog({ marker, onAnswer, onContinue }: MarkerDialogProps) {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState<number[][]>([]);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<boolean | null | undefined>(undefined);

  useEffect(() => {
    setChosen(marker ? marker.sections.map(() => []) : []);
    setSending(false);
    setError(null);
    setResult(undefined);
  }, [marker]);

  if (!marker) return null;
  const complete = chosen.length === marker.sections.length && chosen.every((section) => section.length > 0);

  async function send() {
    if (!marker || !complete) return;
    setSending(true);
    setError(null);
    try {
      const correct = await onAnswer(marker, chosen);
      // A graded answer shows right or wrong before the video goes on; an ungraded one goes on at once.
      if (marker.scored && correct !== null) setResult(correct);
      else onContinue(marker);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : t('general.error_occurred'));
    } finally {
      setSending(false);
    }
  }

  const answered = result !== undefined;
  return (
    <Modal
      opened
      onClose={() => undefined}
      withCloseButton={false}
      closeOnEscape={false}
      closeOnClickOutside={false}
      centered
      size="lg"
      title={marker.type_id === 2 ? marker.question : t('player.marker.title')}
      data-testid="marker-dialog"
    >
      <Stack>
        {marker.sections.map((section, sectionIndex) => (
          <Checkbox.Group
            // biome-ignore lint/suspicious/noArrayIndexKey: sections have no id and never reorder
            key={sectionIndex}
            label={section.question}
            value={(chosen[sectionIndex] ?? []).map(String)}
            onChange={(values) =>
              setChosen((current) =>
                current.map((list, index) =>
                  index === sectionIndex ? values.map(Number).sort((a, b) => a - b) : list,
                ),
              )
            }
          >
            <Stack gap="xs" mt="xs">
              {section.options.map((option, optionIndex) => (
                <Checkbox
                  // biome-ignore lint/suspicious/noArrayIndexKey: an option is its place in the list
                  key={optionIndex}
                  value={String(optionIndex)}
                  label={option}
                  disabled={answered || sending}
                />
              ))}
            </Stack>
          </Checkbox.Group>
        ))}
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        {answered && (
          <Alert
            color={result ? 'green' : 'red'}
            icon={result ? <IconCircleCheck aria-hidden /> : <IconCircleX aria-hidden />}
            data-testid="marker-result"
            data-correct={String(result)}
          >
            {result ? t('player.marker.correct') : t('player.marker.wrong')}
          </Alert>
        )}
        <Group justify="space-between">
          {!complete && !answered ? (
            <Text fz="sm" c="dimmed">
              {t('player.marker.choose')}
            </Text>
          ) : (
            <span />
          )}
          {answered ? (
            <Button onClick={() => onContinue(marker)} data-testid="marker-continue" data-autofocus>
              {t('player.marker.continue')}
            </Button>
          ) : (
            <Button onClick={send} loading={sending} disabled={!complete} data-testid="marker-submit">
              {t('player.marker.submit')}
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
