import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCompany } from '../../../app/company.js';
import { STORAGE_KEYS, storage } from '../../../lib/storage.js';
import { LegalTextModal, useLegalText } from './LegalText.js';

/** Above the mandatory-missions modal (Mantine's 200), so the legal notice is read first. */
const NOTICE_Z_INDEX = 300;

/** Whether this browser has still to see the notice: only on a company host, once (spec §1). */
export function noticePending(hasCompany: boolean, shown: unknown): boolean {
  return hasCompany && shown !== true;
}

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
