import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCompany } from '../../../app/company.js';
import { STORAGE_KEYS, storage } from '../../../lib/storage.js';
import { LegalTextModal, useLegalText } from './LegalText.js';
import { noticePending } from './notice.js';

/** Above the mandatory-missions modal (Mantine's 200), so the legal notice is read first. */
const NOTICE_Z_INDEX = 300;

export { noticePending } from './notice.js';

/**
 * The personal-data notice (spec §1): opens on the first visit of this browser to a company host, on any page; the
 * flag in encrypted storage is set once the person closes or acknowledges it, so it never opens again after that.
 */
export function DataNoticeModal() {
  const { t } = useTranslation();
  const company = useCompany();
  const text = useLegalText('personal_data_notice');
  const [opened, setOpened] = useState(() => noticePending(company !== null, storage.get(STORAGE_KEYS.noticeShown)));

  function acknowledge() {
    setOpened(false);
    void storage.set(STORAGE_KEYS.noticeShown, true);
  }

  return (
    <LegalTextModal
      opened={opened}
      onClose={acknowledge}
      text={text}
      companyTitle={t('legal.personal_data_title')}
      testId="data-notice-modal"
      confirmLabel={t('legal.acknowledge')}
      confirmTestId="data-notice-accept"
      zIndex={NOTICE_Z_INDEX}
    />
  );
}

/** The footer's clarification text in its modal (spec §2.9); LazyLegalModals loads it when it first opens. */
export function ClarificationModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const text = useLegalText('clarification_text');
  return (
    <LegalTextModal
      opened={opened}
      onClose={onClose}
      text={text}
      companyTitle={t('legal.clarification_title')}
      testId="clarification-modal"
      confirmLabel={t('legal.close')}
    />
  );
}
