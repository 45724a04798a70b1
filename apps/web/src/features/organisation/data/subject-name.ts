import type { DataRequest } from '@kampus/shared';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

/** Who asked: the person while they exist, the kept label once erased. */
export function useSubjectName() {
  const { t } = useTranslation();
  return useCallback(
    (request: Pick<DataRequest, 'subject' | 'subject_label'>) =>
      request.subject
        ? `${request.subject.name} ${request.subject.surname}`
        : t('data.erased_subject', { label: request.subject_label }),
    [t],
  );
}
