import {
  TRAINING_REQUEST_REASON_MAX,
  type TrainingRequest,
  trainingRequestApproveSchema,
  trainingRequestRejectSchema,
} from '@kampus/shared';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { DayInput } from '../../../components/DayInput.js';
import { RejectRequestModal } from '../../../components/RejectRequestModal.js';
import { useSchemaForm } from '../../../lib/form.js';
import { approveTrainingRequest, rejectTrainingRequest } from './api.js';

export type Decision = { kind: 'approve' | 'reject'; request: TrainingRequest };

interface FormProps {
  request: TrainingRequest;
  onClose: () => void;
  /** After the decision went through (the list refreshes). */
  onDecided: () => void;
}

const personOf = (request: TrainingRequest) => `${request.user.name} ${request.user.surname}`;
const today = () => new Date().toISOString().slice(0, 10);

function FormError({ message }: { message: string | null }) {
  return message ? (
    <Alert color="danger" data-testid="decision-error">
      {message}
    </Alert>
  ) : null;
}

/** Approving asks once more, with the assignment's last day (optional; the server picks one when empty). */
function ApproveForm({ request, onClose, onDecided }: FormProps) {
  const { t } = useTranslation();
  const form = useSchemaForm(trainingRequestApproveSchema, { end_date: null });
  const send = () =>
    form.submit(async (body) => {
      const { message } = await approveTrainingRequest(request.id, body);
      notifications.show({ color: 'success', message });
      onDecided();
      onClose();
    });
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void send();
      }}
      noValidate
      data-testid="approve-form"
    >
      <Stack gap="sm">
        <Text fz="sm">
          {t('trainingRequest.approve_text', { person: personOf(request), name: request.education.title })}
        </Text>
        <DayInput
          label={t('trainingRequest.end_date')}
          description={t('trainingRequest.end_date_hint')}
          value={form.values.end_date ?? null}
          onChange={(day) => form.setField('end_date', day)}
          error={form.errors.end_date}
          minDate={today()}
          data-testid="approve-end-date"
        />
        <FormError message={form.formError} />
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onClose}>
            {t('trainingRequest.cancel')}
          </Button>
          <Button type="submit" loading={form.submitting} data-testid="approve-submit">
            {t('trainingRequest.approve')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The approve or reject dialog of one request; closed when `decision` is null. */
export function DecisionModal({
  decision,
  onClose,
  onDecided,
}: {
  decision: Decision | null;
  onClose: () => void;
  onDecided: () => void;
}) {
  const { t } = useTranslation();
  const rejecting = decision?.kind === 'reject' ? decision.request : null;
  return (
    <>
      <Modal
        opened={decision?.kind === 'approve'}
        onClose={onClose}
        title={t('trainingRequest.approve_title')}
        closeButtonProps={{ 'aria-label': t('trainingRequest.cancel') }}
        centered
      >
        {decision?.kind === 'approve' && (
          <ApproveForm key={decision.request.id} request={decision.request} onClose={onClose} onDecided={onDecided} />
        )}
      </Modal>
      {/* Rejecting needs a reason (at most TRAINING_REQUEST_REASON_MAX characters); it is shown and mailed. */}
      <RejectRequestModal
        requestId={rejecting?.id ?? null}
        copy={{
          title: t('trainingRequest.reject_title'),
          text: rejecting ? t('trainingRequest.reject_text', { person: personOf(rejecting) }) : '',
          reason: t('trainingRequest.reason_label'),
          placeholder: t('trainingRequest.reason_placeholder'),
          cancel: t('trainingRequest.cancel'),
          reject: t('trainingRequest.reject'),
        }}
        schema={trainingRequestRejectSchema}
        max={TRAINING_REQUEST_REASON_MAX}
        reject={rejectTrainingRequest}
        onClose={onClose}
        onRejected={onDecided}
      />
    </>
  );
}
