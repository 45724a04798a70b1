import { Alert, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useSchemaForm } from '../lib/form.js';

/** A request's reject body as its shared schema checks it: a required reason, trimmed, of at most `max` characters. */
type ReasonSchema = z.ZodType<{ reason: string }, { reason: string }>;

export interface RejectRequestCopy {
  title: string;
  /** Who or what is rejected, and what happens to the reason. */
  text: string;
  reason: string;
  placeholder: string;
  cancel: string;
  reject: string;
}

interface RejectRequestModalProps {
  /** The request's id; the dialog is closed while it is null (a new id starts an empty form). */
  requestId: number | null;
  copy: RejectRequestCopy;
  schema: ReasonSchema;
  max: number;
  /** Sends the rejection of the request; answers the server's message, shown as a toast. */
  reject: (requestId: number, body: { reason: string }) => Promise<{ message: string }>;
  onClose: () => void;
  /** After the rejection went through (the list refreshes). */
  onRejected: () => void;
}

function RejectForm({
  requestId,
  copy,
  schema,
  max,
  reject,
  onClose,
  onRejected,
}: RejectRequestModalProps & { requestId: number }) {
  const form = useSchemaForm(schema, { reason: '' });
  const reason = form.field('reason');
  const send = () =>
    form.submit(async (body) => {
      const { message } = await reject(requestId, body);
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
        <Text fz="sm">{copy.text}</Text>
        <Textarea
          {...reason}
          name="reason"
          label={copy.reason}
          placeholder={copy.placeholder}
          description={`${reason.value.length}/${max}`}
          required
          minRows={4}
          maxLength={max}
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
            {copy.cancel}
          </Button>
          <Button type="submit" color="danger" loading={form.submitting} data-testid="reject-submit">
            {copy.reject}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * Rejecting a request (a registration, a training request): asks for the reason its shared schema requires (it is
 * shown and mailed to the person), then sends it; the server's field errors stay on the reason, others above the
 * buttons.
 */
export function RejectRequestModal(props: RejectRequestModalProps) {
  const { t } = useTranslation();
  const { requestId } = props;
  return (
    <Modal
      opened={requestId !== null}
      onClose={props.onClose}
      title={props.copy.title}
      closeButtonProps={{ 'aria-label': t('general.close') }}
      centered
    >
      {requestId !== null && <RejectForm key={requestId} {...props} requestId={requestId} />}
    </Modal>
  );
}
