import { lazy, Suspense, useState } from 'react';
import { useCompany } from '../../../app/company.js';
import { STORAGE_KEYS, storage } from '../../../lib/storage.js';
import { noticePending } from './notice.js';

/**
 * The legal texts (four languages of built-in documents), DOMPurify and Mantine's modal load only when a legal modal
 * is to show, so the sign-in page and the learner home do not carry them (issue 11).
 */
const DataNoticeModal = lazy(async () => ({ default: (await import('./DataNoticeModal.js')).DataNoticeModal }));
const ClarificationModal = lazy(async () => ({
  default: (await import('./DataNoticeModal.js')).ClarificationModal,
}));

/** The personal-data notice, loaded only on a visit that must show it (spec §1). */
export function DataNotice() {
  const company = useCompany();
  const [pending] = useState(() => noticePending(company !== null, storage.get(STORAGE_KEYS.noticeShown)));
  return pending ? (
    <Suspense fallback={null}>
      <DataNoticeModal />
    </Suspense>
  ) : null;
}

/** The footer's clarification modal, loaded the first time it opens (spec §2.9). */
export function LazyClarificationModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const [wanted, setWanted] = useState(opened);
  if (opened && !wanted) setWanted(true);
  return wanted ? (
    <Suspense fallback={null}>
      <ClarificationModal opened={opened} onClose={onClose} />
    </Suspense>
  ) : null;
}
