import { Badge, Button, Group, Loader, Paper, RingProgress, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { EmptyState } from '../../../../components/EmptyState.js';
import { QuestionView } from '../../questions/QuestionView.js';
import { NS, useAttemptResult } from './api.js';
import { examPath } from './TestsPage.js';

/** /test/attempt/:attempt — the score, pass or fail, and each answer with what the reveal rule allows. */
export default function ResultPage() {
  const { attempt = '' } = useParams();
  const { t, i18n } = useTranslation();
  const query = useAttemptResult(attempt);
  if (query.isPending)
    return (
      <Group justify="center" py="xl" aria-busy="true">
        <Loader aria-label={t(`${NS}.loading`)} />
      </Group>
    );
  if (query.isError)
    return (
      <EmptyState
        icon={<IconAlertTriangle size={26} />}
        title={t(`${NS}.result.load_failed`)}
        text={query.error instanceof Error ? query.error.message : undefined}
        testId="result-error"
        action={
          <Button component={Link} to="/test" variant="default">
            {t(`${NS}.take.back`)}
          </Button>
        }
      />
    );
  const result = query.data;
  const score = result.score_percent === null ? null : Math.round(result.score_percent * 10) / 10;
  const verdict =
    result.state === 'pending' ? 'pending' : result.kind === 'demo' ? 'practice' : result.passed ? 'passed' : 'failed';
  const color =
    verdict === 'passed' ? 'teal' : verdict === 'failed' ? 'red' : verdict === 'pending' ? 'violet' : 'blue';
  return (
    <Stack gap="lg" data-testid="result-page">
      <Paper withBorder radius="lg" p="lg">
        <Group gap="xl" wrap="wrap" align="center">
          <RingProgress
            size={140}
            thickness={12}
            roundCaps
            sections={[{ value: score ?? 0, color }]}
            label={
              <Text ta="center" fw={700} fz="xl" data-testid="result-score">
                {score === null ? '—' : `%${score.toLocaleString(i18n.language)}`}
              </Text>
            }
          />
          <Stack gap={6}>
            <Title order={1} fz="h3">
              {result.title}
            </Title>
            <Group gap="xs">
              {/* A dot badge: the light variant's teal text fails contrast (axe), as on the tests page. */}
              <Badge color={color} variant="dot" size="lg" data-testid="result-verdict" data-verdict={verdict}>
                {t(`${NS}.result.${verdict}`)}
              </Badge>
              <Text fz="sm" c="dimmed">
                {t(`${NS}.result.attempt`, { number: result.number })}
              </Text>
            </Group>
            <Text fz="sm">
              {t(`${NS}.result.points`, {
                points: (result.points ?? 0).toLocaleString(i18n.language),
                max: result.max_points.toLocaleString(i18n.language),
              })}
              {result.kind === 'exam' && ` · ${t(`${NS}.card.pass_mark`, { mark: result.pass_mark })}`}
            </Text>
            {result.state === 'pending' && <Text fz="sm">{t(`${NS}.result.pending_text`)}</Text>}
            {result.submit_reason === 'deadline' && (
              <Text fz="sm" c="dimmed">
                {t(`${NS}.result.by_deadline`)}
              </Text>
            )}
            {!result.revealed && (
              <Text fz="sm" c="dimmed" data-testid="result-hidden">
                {result.reveal_at
                  ? t(`${NS}.result.reveal_at`, {
                      time: new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(
                        new Date(result.reveal_at),
                      ),
                    })
                  : t(`${NS}.result.reveal_${result.reveal}`)}
              </Text>
            )}
            <Group gap="xs" mt="xs">
              {result.can_retry && (
                <Button component={Link} to={examPath(result.exam_id)}>
                  {t(`${NS}.card.retry`)}
                </Button>
              )}
              <Button component={Link} to="/test" variant="default">
                {t(`${NS}.take.back`)}
              </Button>
            </Group>
          </Stack>
        </Group>
      </Paper>
      <Title order={2} fz="h4">
        {t(`${NS}.result.answers`)}
      </Title>
      {result.questions.map((question, index) => (
        <Paper key={question.position} withBorder radius="md" p="lg" data-testid="result-question">
          <Stack gap="xs">
            <Text fz="xs" c="dimmed" fw={600} tt="uppercase">
              {`${t(`${NS}.take.question_of`, { number: index + 1, total: result.questions.length })} · ${t(
                `${NS}.result.question_points`,
                {
                  points: (question.points ?? 0).toLocaleString(i18n.language),
                  max: question.max_points.toLocaleString(i18n.language),
                },
              )}`}
            </Text>
            <QuestionView
              question={question.question}
              value={question.answer}
              onChange={() => undefined}
              disabled
              feedback={{
                outcome: question.outcome,
                revealed: question.revealed ?? undefined,
                explanation: question.explanation,
              }}
              testId={`result-${question.position}`}
            />
            {question.feedback && (
              <Text fz="sm">
                <strong>{t(`${NS}.result.grader_note`)}</strong> {question.feedback}
              </Text>
            )}
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}
