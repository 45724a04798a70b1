import { Anchor, Box, Button, Paper, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { EmptyState } from '../../../../components/EmptyState.js';
import { isMissingItem, NOT_FOUND_MESSAGE } from '../../../../lib/resource.js';
import { ClassroomSessionPicker } from '../../classrooms/learner/index.js';
import { DetailSkeleton } from './AssignmentDetailPage.js';
import { useMyAssignment } from './api.js';
import { assignmentDetailPath } from './paths.js';
import { NS } from './visuals.js';

/**
 * /assignments/:assignment/classroom-education (user.assignment-classroom, spec §2.1): the classroom sessions of an
 * assignment's trainings, each with its session picker (register, waiting list, cancel, .ics), under the assignment's
 * name and a way back to it.
 */
export default function AssignmentClassroomPage() {
  const { t } = useTranslation();
  const { assignment = '' } = useParams();
  const navigate = useNavigate();
  const valid = /^\d{1,10}$/.test(assignment);
  const query = useMyAssignment(assignment, valid);
  const missing = !valid || (query.isError && isMissingItem(query.error));

  useEffect(() => {
    if (missing) navigate('/404', { replace: true, state: { message: NOT_FOUND_MESSAGE } });
  }, [missing, navigate]);

  if (query.isError && !missing)
    return (
      <EmptyState
        title={t(`${NS}.detail.load_failed`)}
        text={query.error instanceof Error ? query.error.message : undefined}
        action={<Button onClick={() => void query.refetch()}>{t(`${NS}.retry`)}</Button>}
        testId="assignment-error"
      />
    );
  if (!query.data) return <DetailSkeleton />;
  const detail = query.data;
  return (
    <Box maw={960} mx="auto" w="100%">
      <Stack gap="lg">
        <Stack gap={4}>
          <Anchor component={Link} to={assignmentDetailPath(detail.id)} fz="sm" data-testid="assignment-back">
            <IconArrowLeft size={14} aria-hidden style={{ verticalAlign: 'middle' }} /> {detail.name}
          </Anchor>
          <Title order={1} fz="h2">
            {t(`${NS}.classroom.title`)}
          </Title>
          <Text c="dimmed">{t(`${NS}.classroom.description`)}</Text>
        </Stack>
        {detail.classrooms.length === 0 ? (
          <EmptyState
            title={t(`${NS}.classroom.none`)}
            action={
              <Button component={Link} to={assignmentDetailPath(detail.id)} variant="light">
                {t(`${NS}.classroom.back`)}
              </Button>
            }
            testId="assignment-classroom-empty"
          />
        ) : (
          detail.classrooms.map((classroom) => (
            <Paper
              key={`${classroom.education_id}:${classroom.id}`}
              withBorder
              radius="lg"
              p="lg"
              component="section"
              aria-label={classroom.title}
              data-testid="assignment-classroom"
            >
              <Stack gap="sm">
                <Text fz="xs" c="dimmed">
                  {t(`${NS}.classroom.part_of`, { title: classroom.education_title })}
                </Text>
                <ClassroomSessionPicker classroomId={classroom.id} />
              </Stack>
            </Paper>
          ))
        )}
      </Stack>
    </Box>
  );
}
