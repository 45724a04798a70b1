import { type MyTrainingRequest, TRAINING_REQUEST_NOTE_MAX, trainingRequestCreateSchema } from '@kampus/shared';
import { Alert, Button, Group, Modal, Skeleton, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCircleCheck, IconClockHour4, IconMessagePlus, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { pathTo } from '../../../app/route-names.js';
import { formatLongDate } from '../../../lib/dates.js';
import { useSchemaForm } from '../../../lib/form.js';
import { useMyTrainingRequest, useRequestTraining } from './api.js';

/** The note dialog: optional, at most TRAINING_REQUEST_NOTE_MAX characters; the server's field errors show here. */
function RequestForm({ educationId, onClose }: { educationId: number; onClose: () => void }) {
  const { t } = useTranslation();
  const send = useRequestTraining(educationId);
  const form = useSchemaForm(trainingRequestCreateSchema, { note: '' });
  const note = form.field('note');
  const value = typeof note.value === 'string' ? note.value : '';
  const submit = () =>
    form.submit(async (body) => {
      const answer = await send.mutateAsync(body);
      notifications.show({ color: 'success', message: answer.message });
      onClose();
    });
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
      noValidate
      data-testid="training-request-form"
    >
      <Stack gap="sm">
        <Text fz="sm">{t('trainingRequest.request_intro')}</Text>
        <Textarea
          {...note}
          value={value}
          name="note"
          label={t('trainingRequest.note_label')}
          placeholder={t('trainingRequest.note_placeholder')}
          description={`${value.length}/${TRAINING_REQUEST_NOTE_MAX}`}
          minRows={4}
          maxLength={TRAINING_REQUEST_NOTE_MAX}
          data-autofocus
          data-testid="training-request-note"
        />
        {form.formError && (
          <Alert color="danger" data-testid="training-request-error">
            {form.formError}
          </Alert>
        )}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onClose}>
            {t('trainingRequest.cancel')}
          </Button>
          <Button type="submit" loading={form.submitting} data-testid="training-request-send">
            {t('trainingRequest.send')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function RequestButton({ educationId, label }: { educationId: number; label: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        size="md"
        fullWidth
        leftSection={<IconMessagePlus size={18} aria-hidden />}
        onClick={() => setOpen(true)}
        data-testid="training-request-open"
      >
        {label}
      </Button>
      <Modal
        opened={open}
        onClose={() => setOpen(false)}
        title={t('trainingRequest.request_title')}
        closeButtonProps={{ 'aria-label': t('trainingRequest.cancel') }}
        centered
      >
        {open && <RequestForm educationId={educationId} onClose={() => setOpen(false)} />}
      </Modal>
    </>
  );
}

/** Where the learner's request stands: pending since…, rejected with the reason, approved with the assignment. */
function RequestState({ request }: { request: MyTrainingRequest }) {
  const { t, i18n } = useTranslation();
  const day = (value: string | null) => (value ? formatLongDate(value, i18n.language) : '');
  if (request.status === 'pending')
    return (
      <Alert
        color="blue"
        variant="light"
        icon={<IconClockHour4 size={20} aria-hidden />}
        title={t('trainingRequest.pending_title')}
        data-testid="training-request-state"
        data-status="pending"
        w="100%"
      >
        <Stack gap={4}>
          <Text fz="sm">{t('trainingRequest.pending_text', { date: day(request.created_at) })}</Text>
          {request.note && (
            <Text fz="sm" c="dimmed">
              {t('trainingRequest.your_note')}: {request.note}
            </Text>
          )}
        </Stack>
      </Alert>
    );
  if (request.status === 'approved')
    return (
      <Alert
        color="success"
        variant="light"
        icon={<IconCircleCheck size={20} aria-hidden />}
        title={t('trainingRequest.approved_title')}
        data-testid="training-request-state"
        data-status="approved"
        w="100%"
      >
        <Stack gap="xs" align="flex-start">
          <Text fz="sm">{t('trainingRequest.approved_text', { date: day(request.decided_at) })}</Text>
          {request.assignment_id !== null && (
            <Button
              component={Link}
              to={pathTo('user.assignment-detail', { id: request.assignment_id })}
              size="xs"
              data-testid="training-request-assignment"
            >
              {t('trainingRequest.open_assignment')}
            </Button>
          )}
        </Stack>
      </Alert>
    );
  return (
    <Alert
      color="danger"
      variant="light"
      icon={<IconX size={20} aria-hidden />}
      title={t('trainingRequest.rejected_title')}
      data-testid="training-request-state"
      data-status="rejected"
      w="100%"
    >
      <Stack gap={4}>
        <Text fz="sm">
          {t('trainingRequest.rejected_text', { date: day(request.created_at), decided: day(request.decided_at) })}
        </Text>
        <Text fz="sm" data-testid="training-request-reason">
          <strong>{t('trainingRequest.reason_label')}:</strong> {request.reason}
        </Text>
      </Stack>
    </Alert>
  );
}

/**
 * The education page's next step for an education on request: "Request" (a note in a dialog), then the request's
 * state; after a rejection the learner may ask again.
 */
export function TrainingRequestPanel({ educationId }: { educationId: number }) {
  const { t } = useTranslation();
  const mine = useMyTrainingRequest(educationId);
  if (mine.isPending) return <Skeleton height={44} radius="md" data-testid="training-request-loading" />;
  if (mine.isError)
    return (
      <Alert color="danger" data-testid="training-request-load-error" w="100%">
        <Group justify="space-between" gap="xs">
          <Text fz="sm">{t('trainingRequest.load_error')}</Text>
          <Button size="xs" variant="default" onClick={() => void mine.refetch()}>
            {t('trainingRequest.retry')}
          </Button>
        </Group>
      </Alert>
    );
  const request = mine.data;
  return (
    <Stack gap="sm" w="100%" data-testid="training-request">
      {request && <RequestState request={request} />}
      {(!request || request.status === 'rejected') && (
        <RequestButton
          educationId={educationId}
          label={t(request ? 'trainingRequest.request_again' : 'trainingRequest.request_button')}
        />
      )}
    </Stack>
  );
}
