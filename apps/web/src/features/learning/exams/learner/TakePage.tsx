import {
  type AnswerFeedback,
  ATTEMPT_HEARTBEAT_SECONDS,
  isEmptyAnswer,
  type MyAttempt,
  type MyTest,
  type QuestionAnswer,
} from '@kampus/shared';
import {
  Alert,
  Badge,
  Button,
  Group,
  List,
  Loader,
  Modal,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { IconAlertTriangle, IconFlag, IconFlagFilled } from '@tabler/icons-react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { EmptyState } from '../../../../components/EmptyState.js';
import { http } from '../../../../lib/api.js';
import { ApiError } from '../../../../lib/http.js';
import { QuestionView } from '../../questions/QuestionView.js';
import { AnswerQueue, type SaveStatus, type SendResult } from './answer-queue.js';
import { NS, startAttempt, tabHolder, takeOver } from './api.js';
import { resultPath } from './TestsPage.js';

type Phase =
  | { kind: 'loading' }
  | { kind: 'ready'; attempt: MyAttempt }
  | { kind: 'elsewhere'; attemptId: number | null }
  | { kind: 'refused'; message: string }
  | { kind: 'error'; message: string };

/** The check's feedback in QuestionView's shape (no right answer: nothing to show). */
const toFeedback = (value: AnswerFeedback | undefined) =>
  value ? { outcome: value.outcome, revealed: value.revealed ?? undefined, explanation: value.explanation } : undefined;

const answered = (answer: QuestionAnswer | null | undefined) => Boolean(answer && !isEmptyAnswer(answer));

/** Minutes and seconds (hours when needed) of a remaining time. */
export function clock(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  const two = (n: number) => String(n).padStart(2, '0');
  return hours > 0 ? `${hours}:${two(minutes)}:${two(seconds)}` : `${two(minutes)}:${two(seconds)}`;
}

/** Remaining times (seconds) at which the screen reader hears the time; not every second. */
const ANNOUNCE_AT = [30 * 60, 10 * 60, 5 * 60, 60, 30];

/** /test/exam/:id — starts or resumes the learner's attempt and shows the taking screen. */
export default function TakePage() {
  const { id = '' } = useParams();
  const { t } = useTranslation();
  const holder = useMemo(tabHolder, []);
  const [phase, setPhase] = useState<Phase>({ kind: 'loading' });
  const elsewhereMessage = t(`${NS}.errors.open_elsewhere`);

  const load = useCallback(async () => {
    setPhase({ kind: 'loading' });
    try {
      setPhase({ kind: 'ready', attempt: await startAttempt(id, holder) });
    } catch (error) {
      if (error instanceof ApiError && error.status === 409 && error.message === elsewhereMessage) {
        const tests = await http.get<{ data: MyTest[] }>('api/my/tests').catch(() => ({ data: [] as MyTest[] }));
        const test = tests.data.find((item) => String(item.id) === id);
        setPhase({ kind: 'elsewhere', attemptId: test?.state === 'in_progress' ? test.attempt_id : null });
      } else if (error instanceof ApiError && (error.status === 409 || error.status === 404)) {
        setPhase({ kind: 'refused', message: error.message });
      } else {
        setPhase({ kind: 'error', message: error instanceof Error ? error.message : '' });
      }
    }
  }, [id, holder, elsewhereMessage]);

  useEffect(() => {
    void load();
  }, [load]);

  const continueHere = async (attemptId: number | null) => {
    if (!attemptId) return load();
    try {
      setPhase({ kind: 'ready', attempt: await takeOver(attemptId, holder) });
    } catch (error) {
      setPhase({ kind: 'error', message: error instanceof Error ? error.message : '' });
    }
  };

  switch (phase.kind) {
    case 'loading':
      return (
        <Group justify="center" py="xl" aria-busy="true">
          <Loader aria-label={t(`${NS}.take.loading`)} />
        </Group>
      );
    case 'elsewhere':
      return (
        <EmptyState
          icon={<IconAlertTriangle size={26} />}
          title={t(`${NS}.take.elsewhere_title`)}
          text={t(`${NS}.take.elsewhere_text`)}
          testId="take-elsewhere"
          action={
            <Group>
              <Button onClick={() => void continueHere(phase.attemptId)}>{t(`${NS}.take.continue_here`)}</Button>
              <Button component={Link} to="/test" variant="default">
                {t(`${NS}.take.back`)}
              </Button>
            </Group>
          }
        />
      );
    case 'refused':
    case 'error':
      return (
        <EmptyState
          icon={<IconAlertTriangle size={26} />}
          title={phase.kind === 'refused' ? phase.message : t(`${NS}.take.load_failed`)}
          text={phase.kind === 'error' ? phase.message : undefined}
          testId="take-refused"
          action={
            <Group>
              {phase.kind === 'error' && <Button onClick={() => void load()}>{t(`${NS}.retry`)}</Button>}
              <Button component={Link} to="/test" variant="default">
                {t(`${NS}.take.back`)}
              </Button>
            </Group>
          }
        />
      );
    case 'ready':
      return (
        <AttemptScreen
          key={phase.attempt.id}
          attempt={phase.attempt}
          holder={holder}
          onElsewhere={() => setPhase({ kind: 'elsewhere', attemptId: phase.attempt.id })}
        />
      );
  }
}

function sendResult(error: unknown): SendResult {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) {
    return { ok: false, retry: false, status: error.status, message: error.message };
  }
  return { ok: false, retry: true };
}

/** The taking screen of one attempt in progress. */
export function AttemptScreen({
  attempt,
  holder,
  onElsewhere,
}: {
  attempt: MyAttempt;
  holder: string;
  onElsewhere(): void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const elsewhereMessage = t(`${NS}.errors.open_elsewhere`);
  const questions = attempt.questions;
  const [status, setStatus] = useState<SaveStatus>('saved');
  const [stopped, setStopped] = useState<string | null>(null);
  const [current, setCurrent] = useState(0);
  const [confirming, setConfirming] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [submitError, setSubmitError] = useState<string | null>(null);
  const [feedback, setFeedback] = useState<Record<number, AnswerFeedback>>({});
  const flagKey = `kampus.exam.${attempt.id}.flags`;
  const [flags, setFlags] = useState<Set<number>>(() => {
    try {
      return new Set(JSON.parse(window.sessionStorage.getItem(flagKey) ?? '[]') as number[]);
    } catch {
      return new Set();
    }
  });
  const offset = useRef(Date.parse(attempt.now) - Date.now());
  const finishing = useRef(false);

  const queue = useMemo(
    () =>
      new AnswerQueue({
        attemptId: attempt.id,
        send: async (position, save) => {
          try {
            const response = await http.put<{ data: { seq: number } }>(
              `api/my/attempts/${attempt.id}/answers/${position}`,
              { ...save, holder },
            );
            return { ok: true, seq: response.data.seq };
          } catch (error) {
            return sendResult(error);
          }
        },
        onStatus: (next, stop) => {
          setStatus(next);
          if (next === 'stopped' && stop) setStopped(stop.message);
        },
      }),
    [attempt.id, holder],
  );

  const [answers, setAnswers] = useState<Record<number, QuestionAnswer | null>>(() => {
    const out: Record<number, QuestionAnswer | null> = {};
    for (const question of questions) {
      queue.know(question.position, question.seq);
      out[question.position] = question.answer;
    }
    // What this browser gave and the server did not confirm yet (a reload while offline) wins and is sent again.
    for (const [position, save] of queue.unsent()) out[position] = save.answer;
    return out;
  });

  useEffect(() => {
    void queue.flush();
    const online = () => void queue.flush();
    window.addEventListener('online', online);
    return () => {
      window.removeEventListener('online', online);
      queue.dispose();
    };
  }, [queue]);

  useEffect(() => {
    if (stopped === elsewhereMessage) onElsewhere();
  }, [stopped, elsewhereMessage, onElsewhere]);

  const finish = useCallback(async () => {
    if (finishing.current) return;
    finishing.current = true;
    setSubmitting(true);
    setSubmitError(null);
    await queue.flush();
    if (queue.size > 0 && queue.current !== 'stopped') {
      finishing.current = false;
      setSubmitting(false);
      setSubmitError(t(`${NS}.take.unsaved_left`));
      return;
    }
    try {
      await http.post(`api/my/attempts/${attempt.id}/submit`);
    } catch (error) {
      // Already submitted (by the deadline job): the result is there all the same.
      if (!(error instanceof ApiError && error.status === 409)) {
        finishing.current = false;
        setSubmitting(false);
        setSubmitError(error instanceof Error ? error.message : t(`${NS}.take.submit_failed`));
        return;
      }
    }
    queue.clear();
    navigate(resultPath(attempt.id), { replace: true });
  }, [queue, attempt.id, navigate, t]);

  // The countdown from the server's clock.
  const deadline = attempt.deadline_at ? Date.parse(attempt.deadline_at) : null;
  const [remaining, setRemaining] = useState(() => (deadline ? deadline - (Date.now() + offset.current) : null));
  const [announcement, setAnnouncement] = useState('');
  const announced = useRef(new Set<number>());
  useEffect(() => {
    if (!deadline) return;
    const tick = () => {
      const left = deadline - (Date.now() + offset.current);
      setRemaining(left);
      const seconds = Math.ceil(left / 1000);
      const mark = ANNOUNCE_AT.find((at) => seconds <= at && seconds > at - 5 && !announced.current.has(at));
      if (mark) {
        announced.current.add(mark);
        setAnnouncement(t(`${NS}.take.time_left`, { time: clock(left) }));
      }
      if (left <= 0) void finish();
    };
    tick();
    const timer = window.setInterval(tick, 1000);
    return () => window.clearInterval(timer);
  }, [deadline, finish, t]);

  // The heartbeat keeps the hold and the clock; a tab leave is counted.
  useEffect(() => {
    const speak = async (type: 'heartbeat' | 'tab_left') => {
      try {
        const response = await http.post<{ data: { now: string } }>(`api/my/attempts/${attempt.id}/events`, {
          type,
          holder,
        });
        offset.current = Date.parse(response.data.now) - Date.now();
      } catch (error) {
        if (error instanceof ApiError && error.status === 409) {
          if (error.message === elsewhereMessage) onElsewhere();
          else void finish();
        }
      }
    };
    const timer = window.setInterval(() => void speak('heartbeat'), ATTEMPT_HEARTBEAT_SECONDS * 1000);
    const visibility = () => {
      if (document.visibilityState === 'hidden') void speak('tab_left');
    };
    document.addEventListener('visibilitychange', visibility);
    return () => {
      window.clearInterval(timer);
      document.removeEventListener('visibilitychange', visibility);
    };
  }, [attempt.id, holder, elsewhereMessage, onElsewhere, finish]);

  const change = (position: number, answer: QuestionAnswer | null) => {
    setAnswers((before) => ({ ...before, [position]: answer }));
    queue.put(position, answer);
  };

  const toggleFlag = (position: number) =>
    setFlags((before) => {
      const next = new Set(before);
      if (next.has(position)) next.delete(position);
      else next.add(position);
      window.sessionStorage.setItem(flagKey, JSON.stringify([...next]));
      return next;
    });

  const check = async (position: number) => {
    const seq = queue.put(position, answers[position] ?? null);
    await queue.flush();
    try {
      const response = await http.post<{ data: AnswerFeedback }>(
        `api/my/attempts/${attempt.id}/answers/${position}/check`,
        { answer: answers[position] ?? null, seq, holder },
      );
      setFeedback((before) => ({ ...before, [position]: response.data }));
    } catch (error) {
      setSubmitError(error instanceof Error ? error.message : '');
    }
  };

  const unanswered = questions.filter((q) => !answered(answers[q.position])).map((q) => q.position);
  const onePerPage = attempt.layout === 'one_per_page';
  const shown = onePerPage ? questions.slice(current, current + 1) : questions;
  const block = attempt.block_copy_paste
    ? {
        onCopy: (event: React.SyntheticEvent) => event.preventDefault(),
        onCut: (event: React.SyntheticEvent) => event.preventDefault(),
        onPaste: (event: React.SyntheticEvent) => event.preventDefault(),
        onContextMenu: (event: React.SyntheticEvent) => event.preventDefault(),
      }
    : {};
  const goTo = (index: number) => {
    if (onePerPage) setCurrent(index);
    else document.getElementById(`question-${questions[index]?.position}`)?.scrollIntoView({ block: 'start' });
  };

  return (
    <Stack gap="md" data-testid="take-screen" {...block}>
      <Paper
        withBorder
        p="sm"
        radius="md"
        pos="sticky"
        top={0}
        style={{ zIndex: 5, background: 'var(--mantine-color-body)' }}
      >
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Title order={1} fz="h4">
            {attempt.title}
          </Title>
          <Group gap="sm">
            <SaveIndicator status={status} />
            {remaining !== null && (
              <Badge
                size="lg"
                variant="dot"
                color={remaining < 60_000 ? 'red' : remaining < 5 * 60_000 ? 'orange' : 'blue'}
                data-testid="take-timer"
                aria-label={t(`${NS}.take.time_left`, { time: clock(remaining) })}
              >
                {clock(remaining)}
              </Badge>
            )}
          </Group>
        </Group>
        <VisuallyHidden aria-live="polite" data-testid="take-announcer">
          {announcement}
        </VisuallyHidden>
      </Paper>
      {stopped && stopped !== elsewhereMessage && (
        <Alert color="red" icon={<IconAlertTriangle size={18} />} data-testid="take-stopped">
          {stopped}
        </Alert>
      )}
      {submitError && (
        <Alert color="red" icon={<IconAlertTriangle size={18} />} role="alert">
          {submitError}
        </Alert>
      )}
      <nav aria-label={t(`${NS}.take.navigator`)}>
        <Group gap={6} data-testid="take-navigator">
          {questions.map((question, index) => {
            const isAnswered = answered(answers[question.position]);
            const flagged = flags.has(question.position);
            return (
              <UnstyledButton
                key={question.position}
                onClick={() => goTo(index)}
                aria-current={onePerPage && index === current ? 'step' : undefined}
                aria-label={t(`${NS}.take.nav_item`, {
                  number: index + 1,
                  state: t(`${NS}.take.${isAnswered ? 'answered' : 'unanswered'}`),
                  flag: flagged ? t(`${NS}.take.flagged`) : '',
                })}
                data-answered={isAnswered}
                style={{
                  width: 36,
                  height: 36,
                  borderRadius: 8,
                  textAlign: 'center',
                  fontWeight: 600,
                  position: 'relative',
                  border: `2px solid var(--mantine-color-${onePerPage && index === current ? 'blue-7' : 'gray-4'})`,
                  background: isAnswered ? 'var(--mantine-color-blue-7)' : 'transparent',
                  color: isAnswered ? 'white' : 'var(--mantine-color-text)',
                }}
              >
                {index + 1}
                {flagged && (
                  <IconFlagFilled
                    size={12}
                    aria-hidden
                    style={{ position: 'absolute', top: -6, right: -6, color: 'var(--mantine-color-orange-7)' }}
                  />
                )}
              </UnstyledButton>
            );
          })}
        </Group>
      </nav>
      {shown.map((question) => {
        const index = questions.indexOf(question);
        const flagged = flags.has(question.position);
        return (
          <Paper
            key={question.position}
            withBorder
            p="lg"
            radius="md"
            id={`question-${question.position}`}
            component="section"
            aria-label={t(`${NS}.take.question_of`, { number: index + 1, total: questions.length })}
            data-testid="take-question"
          >
            <Stack gap="md">
              <Text fz="xs" c="dimmed" fw={600} tt="uppercase">
                {`${t(`${NS}.take.question_of`, { number: index + 1, total: questions.length })} · ${t(
                  `${NS}.take.points`,
                  { count: question.points },
                )}`}
              </Text>
              <QuestionView
                question={question.question}
                value={answers[question.position] ?? null}
                onChange={(answer) => change(question.position, answer)}
                disabled={submitting || Boolean(stopped)}
                feedback={toFeedback(feedback[question.position])}
                testId={`question-${question.position}`}
              />
              <Group gap="xs">
                <Button
                  variant="default"
                  size="xs"
                  leftSection={flagged ? <IconFlagFilled size={14} aria-hidden /> : <IconFlag size={14} aria-hidden />}
                  aria-pressed={flagged}
                  onClick={() => toggleFlag(question.position)}
                >
                  {t(`${NS}.take.${flagged ? 'unflag' : 'flag'}`)}
                </Button>
                {attempt.kind === 'demo' && (
                  <Button
                    variant="light"
                    size="xs"
                    disabled={!answered(answers[question.position])}
                    onClick={() => void check(question.position)}
                  >
                    {t(`${NS}.take.check`)}
                  </Button>
                )}
              </Group>
            </Stack>
          </Paper>
        );
      })}
      <Group justify="space-between">
        {onePerPage ? (
          <Group gap="xs">
            <Button variant="default" disabled={current === 0} onClick={() => setCurrent(current - 1)}>
              {t(`${NS}.take.previous`)}
            </Button>
            <Button
              variant="default"
              disabled={current >= questions.length - 1}
              onClick={() => setCurrent(current + 1)}
            >
              {t(`${NS}.take.next`)}
            </Button>
          </Group>
        ) : (
          <span />
        )}
        <Button onClick={() => setConfirming(true)} loading={submitting} data-testid="take-submit">
          {t(`${NS}.take.submit`)}
        </Button>
      </Group>
      <Modal opened={confirming} onClose={() => setConfirming(false)} title={t(`${NS}.take.confirm_title`)} centered>
        <Stack gap="sm" data-testid="take-confirm">
          {unanswered.length === 0 ? (
            <Text>{t(`${NS}.take.confirm_all`)}</Text>
          ) : (
            <>
              <Text>{t(`${NS}.take.confirm_unanswered`, { count: unanswered.length })}</Text>
              <List size="sm">
                {unanswered.map((position) => {
                  const index = questions.findIndex((q) => q.position === position);
                  return (
                    <List.Item key={position}>
                      <UnstyledButton
                        td="underline"
                        onClick={() => {
                          setConfirming(false);
                          goTo(index);
                        }}
                      >
                        {t(`${NS}.take.question_of`, { number: index + 1, total: questions.length })}
                      </UnstyledButton>
                    </List.Item>
                  );
                })}
              </List>
            </>
          )}
          <SimpleGrid cols={2}>
            <Button variant="default" onClick={() => setConfirming(false)}>
              {t(`${NS}.take.keep_going`)}
            </Button>
            <Button
              data-testid="take-confirm-submit"
              onClick={() => {
                setConfirming(false);
                void finish();
              }}
            >
              {t(`${NS}.take.submit_now`)}
            </Button>
          </SimpleGrid>
        </Stack>
      </Modal>
    </Stack>
  );
}

function SaveIndicator({ status }: { status: SaveStatus }) {
  const { t } = useTranslation();
  const color = status === 'saved' ? 'teal' : status === 'saving' ? 'blue' : status === 'offline' ? 'orange' : 'red';
  return (
    <Badge variant="dot" color={color} data-testid="take-save-status" data-status={status} role="status">
      {t(`${NS}.save.${status}`)}
    </Badge>
  );
}
