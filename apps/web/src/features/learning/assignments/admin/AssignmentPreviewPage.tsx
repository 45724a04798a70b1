import { Anchor, Box, Button, Group, Stack } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { pathTo } from '../../../../app/route-names.js';
import { EmptyState } from '../../../../components/EmptyState.js';
import { isMissingItem, NOT_FOUND_MESSAGE } from '../../../../lib/resource.js';
import { useRecordCrumb } from '../../../frame/admin/record-crumb.js';
import { DetailSkeleton } from '../learner/AssignmentDetailPage.js';
import { AssignmentDetailView } from '../learner/AssignmentDetailView.js';
import { useAssignmentPreview } from './api.js';

/** `/admin/assignment/{id}/preview` (read_assignment): the learner's page of it, read-only, without progress. */
export default function AssignmentPreviewPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const valid = /^\d{1,10}$/.test(id);
  const query = useAssignmentPreview(id, valid);
  const missing = !valid || (query.isError && isMissingItem(query.error));
  useRecordCrumb(query.data?.name, valid ? pathTo('company.assignments.edit', { id }) : undefined);
  useEffect(() => {
    if (missing) navigate('/404', { replace: true, state: { message: NOT_FOUND_MESSAGE } });
  }, [missing, navigate]);
  return (
    <Stack maw={1120} w="100%">
      {valid && (
        <Group>
          <Anchor component={Link} to={pathTo('company.assignments.edit', { id })} fz="sm">
            <Group gap={4} wrap="nowrap">
              <IconArrowLeft size={16} aria-hidden />
              {t('assignmentAdmin.back_to_edit')}
            </Group>
          </Anchor>
        </Group>
      )}
      <Box>
        {query.data ? (
          <AssignmentDetailView detail={query.data} readOnly />
        ) : query.isError && !missing ? (
          <EmptyState
            title={t('assignmentLearner.detail.load_failed')}
            text={query.error instanceof Error ? query.error.message : undefined}
            action={<Button onClick={() => void query.refetch()}>{t('assignmentLearner.retry')}</Button>}
            testId="assignment-preview-error"
          />
        ) : (
          <DetailSkeleton />
        )}
      </Box>
    </Stack>
  );
}
