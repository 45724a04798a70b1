import { REGISTRATION_REJECT_REASON_MAX, type RegistrationRequest, registrationRejectSchema } from '@kampus/shared';
import { Alert, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { useSchemaForm } from '../../../lib/form.js';
import { rejectRequest } from './api.js';

interface Props {
  request: RegistrationRequest;
  onClose: () => void;
  /** After the rejection went through (the list refreshes). */
  onRejected: () => void;
}

/** Asks for the reason (required, at most 500 characters; it is mailed to the person), then rejects the request. */
function RejectForm({ request, onClose, onRejected }: Props) {
  const { t } = useTranslation();
  const form = useSchemaForm(registrationRejectSchema, { reason: '' });
  const reason = form.field('reason');
  const send = () =>
    form.submit(async (body) => {
      const { message } = await rejectRequest(request.id, body);
      notifications.show({ color: 'success', message });
      onRejected();
      onClose();
    });
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void send();
      }}
      noValidate
      data-testid="reject-form"
    >
      <Stack gap="sm">
        <Text fz="sm">{t('registration_requests.reject_text', { name: `${request.name} ${request.surname}` })}</Text>
        <Textarea
          {...reason}
          name="reason"
          label={t('registration_requests.reason')}
          placeholder={t('registration_requests.reason_placeholder')}
          description={`${reason.value.length}/${REGISTRATION_REJECT_REASON_MAX}`}
          required
          minRows={4}
          maxLength={REGISTRATION_REJECT_REASON_MAX}
          data-autofocus
          data-testid="reject-reason"
        />
        {form.formError && (
          <Alert color="danger" data-testid="reject-error">
            {form.formError}
          </Alert>
        )}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onClose} data-testid="reject-cancel">
            {t('registration_requests.cancel')}
          </Button>
          <Button type="submit" color="danger" loading={form.submitting} data-testid="reject-submit">
            {t('registration_requests.reject')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The reject dialog of one request; closed when `request` is null. */
export function RejectRequestModal({
  request,
  onClose,
  onRejected,
}: Omit<Props, 'request'> & { request: RegistrationRequest | null }) {
  const { t } = useTranslation();
  return (
    <Modal opened={request !== null} onClose={onClose} title={t('registration_requests.reject_title')} centered>
      {request && <RejectForm key={request.id} request={request} onClose={onClose} onRejected={onRejected} />}
    </Modal>
  );
}
