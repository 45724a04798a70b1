import { REGISTRATION_REJECT_REASON_MAX, type RegistrationRequest, registrationRejectSchema } from '@kampus/shared';
import { useTranslation } from 'react-i18next';
import { RejectRequestModal as RejectModal } from '../../../components/RejectRequestModal.js';
import { rejectRequest } from './api.js';

/**
 * The reject dialog of one registration request (closed when `request` is null): the reason is required, at most
 * 500 characters, and mailed to the person.
 */
export function RejectRequestModal({
  request,
  onClose,
  onRejected,
}: {
  request: RegistrationRequest | null;
  onClose: () => void;
  /** After the rejection went through (the list refreshes). */
  onRejected: () => void;
}) {
  const { t } = useTranslation();
  return (
    <RejectModal
      requestId={request?.id ?? null}
      copy={{
        title: t('registration_requests.reject_title'),
        text: request ? t('registration_requests.reject_text', { name: `${request.name} ${request.surname}` }) : '',
        reason: t('registration_requests.reason'),
        placeholder: t('registration_requests.reason_placeholder'),
        cancel: t('registration_requests.cancel'),
        reject: t('registration_requests.reject'),
      }}
      schema={registrationRejectSchema}
      max={REGISTRATION_REJECT_REASON_MAX}
      reject={rejectRequest}
      onClose={onClose}
      onRejected={onRejected}
    />
  );
}
