import { Box, Button, Grid, Skeleton, Stack } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { EmptyState } from '../../../../components/EmptyState.js';
import { isMissingItem, NOT_FOUND_MESSAGE } from '../../../../lib/resource.js';
import { AssignmentDetailView } from './AssignmentDetailView.js';
import { useMyAssignment } from './api.js';
import { NS } from './visuals.js';

export function DetailSkeleton() {
  const { t } = useTranslation();
  return (
    <Stack gap="lg" role="status" aria-busy="true" aria-label={t(`${NS}.loading`)} data-testid="assignment-loading">
      <Skeleton height={320} radius="lg" />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Skeleton height={240} radius="lg" />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Skeleton height={240} radius="lg" />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

/** /assignment/:id/detail (user.assignment-detail, spec §2.1): where the modal, the mail and notifications lead. */
export default function AssignmentDetailPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const valid = /^\d{1,10}$/.test(id);
  const query = useMyAssignment(id, valid);
  const missing = !valid || (query.isError && isMissingItem(query.error));

  useEffect(() => {
    if (missing) navigate('/404', { replace: true, state: { message: NOT_FOUND_MESSAGE } });
  }, [missing, navigate]);

  return (
    <Box maw={1120} mx="auto" w="100%">
      {query.data ? (
        <AssignmentDetailView detail={query.data} />
      ) : query.isError && !missing ? (
        <EmptyState
          title={t(`${NS}.detail.load_failed`)}
          text={query.error instanceof Error ? query.error.message : undefined}
          action={<Button onClick={() => void query.refetch()}>{t(`${NS}.retry`)}</Button>}
          testId="assignment-error"
        />
      ) : (
        <DetailSkeleton />
      )}
    </Box>
  );
}
