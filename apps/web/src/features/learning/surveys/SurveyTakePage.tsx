import { isAnswered, type LearnerSurvey, type SurveyAnswers, type SurveyAnswerValue } from '@kampus/shared';
import { Alert, Badge, Button, Group, Loader, Paper, Skeleton, Stack, Text, Title, Typography } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconCircleCheck, IconLock, IconMoodEmpty } from '@tabler/icons-react';
import DOMPurify from 'dompurify';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { pathTo } from '../../../app/route-names.js';
import { EmptyState } from '../../../components/EmptyState.js';
import { formatDateTime } from '../../../lib/dates.js';
import { ApiError } from '../../../lib/http.js';
import { whenModalsHost } from '../../../lib/modals-ready.js';
import { useLearnerSurvey, useSaveDraft, useSubmitSurvey } from './api.js';
import { SurveyQuestionField } from './SurveyQuestionField.js';

const NS = 'surveys';
/** The draft is saved this long after the last change. */
export const DRAFT_DELAY_MS = 800;

type SaveState = { kind: 'idle' } | { kind: 'saving' } | { kind: 'saved'; at: string } | { kind: 'failed' };

function SaveIndicator({ state }: { state: SaveState }) {
  const { t, i18n } = useTranslation();
  return (
    <Text fz="sm" c={state.kind === 'failed' ? 'danger' : 'dimmed'} role="status" data-testid="survey-save-state">
      {state.kind === 'saving' && t(`${NS}.saving`)}
      {state.kind === 'saved' && t(`${NS}.saved_at`, { time: formatDateTime(state.at, i18n.language) })}
      {state.kind === 'failed' && t(`${NS}.save_failed`)}
    </Text>
  );
}

function Submitted({ survey, at }: { survey: LearnerSurvey; at: string | null }) {
  const { t, i18n } = useTranslation();
  return (
    <Paper withBorder radius="lg" p="xl" data-testid="survey-submitted">
      <EmptyState
        icon={<IconCircleCheck size={26} />}
        title={t(`${NS}.thanks_title`)}
        text={
          at
            ? t(`${NS}.thanks_text`, { title: survey.title, time: formatDateTime(at, i18n.language) })
            : t(`${NS}.thanks_text_plain`, { title: survey.title })
        }
        action={
          <Button component={Link} to={pathTo('dashboard')} variant="light">
            {t(`${NS}.back_home`)}
          </Button>
        }
      />
    </Paper>
  );
}

function Filling({ survey, educationId }: { survey: LearnerSurvey; educationId: number | null }) {
  const { t } = useTranslation();
  const [answers, setAnswers] = useState<SurveyAnswers>(survey.answers);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [save, setSave] = useState<SaveState>(
    survey.saved_at ? { kind: 'saved', at: survey.saved_at } : { kind: 'idle' },
  );
  const [submittedAt, setSubmittedAt] = useState<string | null>(null);
  const saveDraft = useSaveDraft(survey.id, educationId);
  const submit = useSubmitSurvey(survey.id, educationId);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const latest = useRef(answers);

  useEffect(() => () => void (timer.current && clearTimeout(timer.current)), []);

  function change(id: number, value: SurveyAnswerValue | undefined) {
    const next = { ...latest.current };
    if (value === undefined) delete next[String(id)];
    else next[String(id)] = value;
    latest.current = next;
    setAnswers(next);
    setErrors(({ [`answers.${id}`]: _, ...rest }) => rest);
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      setSave({ kind: 'saving' });
      saveDraft.mutate(latest.current, {
        onSuccess: (result) => setSave({ kind: 'saved', at: result.saved_at }),
        onError: () => setSave({ kind: 'failed' }),
      });
    }, DRAFT_DELAY_MS);
  }

  function send() {
    if (timer.current) clearTimeout(timer.current);
    submit.mutate(latest.current, {
      onSuccess: (result) => setSubmittedAt(result.data.submitted_at),
      onError: (error) => {
        if (error instanceof ApiError && Object.keys(error.fieldErrors).length > 0) {
          setErrors(Object.fromEntries(Object.entries(error.fieldErrors).map(([k, v]) => [k, v[0] ?? ''])));
        }
      },
    });
  }

  function confirmSubmit() {
    const missing = survey.questions.filter((q) => q.required && !isAnswered(answers[String(q.id)]));
    if (missing.length > 0) {
      setErrors(Object.fromEntries(missing.map((q) => [`answers.${q.id}`, t(`${NS}.errors.answer_required`)])));
      // The first unanswered question is brought into view and focused, so a keyboard or screen reader user is there.
      const first = document.querySelector<HTMLElement>(`[data-question="${missing[0]?.id}"]`);
      first?.scrollIntoView?.({ block: 'center' });
      first?.focus();
      return;
    }
    whenModalsHost(() =>
      modals.openConfirmModal({
        title: t(`${NS}.submit_title`),
        children: <Text fz="sm">{t(survey.anonymous ? `${NS}.submit_text_anonymous` : `${NS}.submit_text`)}</Text>,
        labels: { confirm: t(`${NS}.submit`), cancel: t(`${NS}.keep_editing`) },
        confirmProps: { 'data-testid': 'survey-submit-confirm' } as never,
        onConfirm: send,
      }),
    );
  }

  if (submittedAt) return <Submitted survey={survey} at={submittedAt} />;
  const generalError = submit.error && !(submit.error instanceof ApiError && submit.error.status === 422);
  return (
    <Stack gap="lg">
      {survey.questions.length === 0 ? (
        <EmptyState icon={<IconMoodEmpty size={26} />} title={t(`${NS}.no_questions`)} />
      ) : (
        survey.questions.map((question, index) => (
          <Paper key={question.id} withBorder radius="lg" p="lg" tabIndex={-1} data-question={question.id}>
            <SurveyQuestionField
              question={question}
              index={index}
              value={answers[String(question.id)]}
              onChange={(value) => change(question.id, value)}
              error={errors[`answers.${question.id}`]}
            />
          </Paper>
        ))
      )}
      {generalError && (
        <Alert color="danger" role="alert">
          {submit.error.message}
        </Alert>
      )}
      <Group justify="space-between" wrap="wrap">
        <SaveIndicator state={save} />
        <Button
          onClick={confirmSubmit}
          loading={submit.isPending}
          disabled={survey.questions.length === 0}
          data-testid="survey-submit"
        >
          {t(`${NS}.submit`)}
        </Button>
      </Group>
    </Stack>
  );
}

function SurveyTake() {
  const { t } = useTranslation();
  const params = useParams();
  const id = Number(params.id);
  const educationId = params.education ? Number(params.education) : null;
  const query = useLearnerSurvey(id, educationId);
  if (query.isPending) {
    return (
      <Stack gap="md" aria-busy="true">
        <Loader size="sm" role="status" aria-label={t('resource.loading')} />
        <Skeleton h={40} w="60%" />
        <Skeleton h={160} />
        <Skeleton h={160} />
      </Stack>
    );
  }
  if (query.isError) {
    const missing = query.error instanceof ApiError && query.error.status === 404;
    return (
      <Paper withBorder radius="lg" p="xl">
        <EmptyState
          icon={<IconLock size={26} />}
          title={t(missing ? `${NS}.not_open_title` : `${NS}.load_failed`)}
          text={missing ? t(`${NS}.not_open_text`) : undefined}
          action={
            missing ? (
              <Button component={Link} to={pathTo('dashboard')} variant="light">
                {t(`${NS}.back_home`)}
              </Button>
            ) : (
              <Button variant="light" onClick={() => query.refetch()}>
                {t('resource.retry')}
              </Button>
            )
          }
          testId="survey-unavailable"
        />
      </Paper>
    );
  }
  const survey = query.data;
  return (
    <Stack gap="lg">
      <Stack gap={6}>
        <Group gap="xs">
          <Badge variant="light">{t(`${NS}.kinds.${survey.kind}`)}</Badge>
          {survey.anonymous && (
            <Badge variant="dot" color="teal" data-testid="survey-anonymous">
              {t(`${NS}.anonymous`)}
            </Badge>
          )}
        </Group>
        <Title order={1} fz="h2">
          {survey.title}
        </Title>
        {survey.education && <Text c="dimmed">{t(`${NS}.for_education`, { title: survey.education.title })}</Text>}
        {survey.description && (
          <Typography>
            {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized on the server and again with DOMPurify */}
            <div dangerouslySetInnerHTML={{ __html: DOMPurify.sanitize(survey.description) }} />
          </Typography>
        )}
        {survey.anonymous && <Text fz="sm">{t(`${NS}.anonymous_hint`)}</Text>}
      </Stack>
      {survey.state === 'submitted' ? (
        <Submitted survey={survey} at={survey.submitted_at} />
      ) : (
        <Filling survey={survey} educationId={educationId} />
      )}
    </Stack>
  );
}

/**
 * `/survey/:id` and `/survey/:id/education/:education` (an evaluation survey, for the education it belongs to): the
 * learner fills the survey; the answers are saved as a draft as they go and submitted once.
 */
export default function SurveyTakePage() {
  return (
    <Stack maw={860} mx="auto" w="100%" data-testid="survey-take-page">
      <SurveyTake />
    </Stack>
  );
}
