import {
  ATTENDANCES,
  type Attendance,
  type AttendanceResult,
  type Classroom,
  type ClassroomRegistration,
} from '@kampus/shared';
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  FileButton,
  Group,
  List,
  Paper,
  SegmentedControl,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowLeft, IconDownload, IconFileUpload, IconUserX } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { pathTo } from '../../../../app/route-names.js';
import { confirmAction } from '../../../../components/ConfirmButton.js';
import { EmptyState } from '../../../../components/EmptyState.js';
import { PageHeader } from '../../../../components/PageHeader.js';
import { http } from '../../../../lib/api.js';
import { downloadFile } from '../../../../lib/download.js';
import { useSessionUser } from '../../../../lib/session.js';
import { sessionCan } from '../../../frame/admin/access.js';
import {
  attendanceTemplatePath,
  classroomsResource,
  importAttendance,
  useCancelRegistration,
  useRefreshSessions,
  useRegistrations,
  useSaveAttendance,
} from '../api.js';
import { sessionTimes } from '../dates.js';

const NS = 'classroomAdmin';
const UNMARKED = 'none';

const errorMessage = (error: unknown, fallback: string) => (error instanceof Error ? error.message : fallback);
const fullName = (r: ClassroomRegistration) => `${r.user.name} ${r.user.surname}`;

function useClassroom(id: number) {
  return useQuery({
    queryKey: classroomsResource.keys.item(id),
    queryFn: async () => (await http.get<{ data: Classroom }>(`api/admin/classrooms/${id}`)).data,
  });
}

function StatusBadge({ registration }: { registration: ClassroomRegistration }) {
  const { t } = useTranslation();
  const color = { registered: 'green', waitlisted: 'orange', cancelled: 'gray' }[registration.status];
  return (
    // Orange and green words on their light tint fail contrast: the words keep the body colour.
    <Badge variant="light" color={color} c="var(--mantine-color-text)">
      {t(`${NS}.registrations.${registration.status}`)}
    </Badge>
  );
}

/** Everyone in the session: seats first, then the waiting list in order, then those who cancelled. */
function RegistrationsTable({
  classroomId,
  sessionId,
  rows,
  canEdit,
}: {
  classroomId: number;
  sessionId: number;
  rows: ClassroomRegistration[];
  canEdit: boolean;
}) {
  const { t } = useTranslation();
  const cancel = useCancelRegistration(classroomId, sessionId);
  if (rows.length === 0) return <EmptyState title={t(`${NS}.registrations.empty`)} testId="registrations-empty" />;
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table verticalSpacing="xs" data-testid="registrations-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t(`${NS}.registrations.person`)}</Table.Th>
            <Table.Th>{t(`${NS}.registrations.status`)}</Table.Th>
            <Table.Th>{t(`${NS}.registrations.position`)}</Table.Th>
            <Table.Th>
              <VisuallyHidden>{t('resource.actions')}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.id} data-testid="registration-row" data-user-id={row.user.id} data-status={row.status}>
              <Table.Td>
                <Text fz="sm" fw={600}>
                  {fullName(row)}
                </Text>
                {row.user.email && (
                  <Text fz="xs" c="dimmed">
                    {row.user.email}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                <StatusBadge registration={row} />
              </Table.Td>
              <Table.Td>{row.position ?? '—'}</Table.Td>
              <Table.Td>
                {canEdit && row.status !== 'cancelled' && (
                  <Tooltip label={t(`${NS}.registrations.cancel`)} withArrow>
                    <ActionIcon
                      variant="subtle"
                      color="danger"
                      aria-label={`${t(`${NS}.registrations.cancel`)}: ${fullName(row)}`}
                      onClick={() =>
                        confirmAction({
                          title: t(`${NS}.registrations.cancel_title`),
                          message: t(`${NS}.registrations.cancel_text`, { name: fullName(row) }),
                          confirmLabel: t(`${NS}.registrations.cancel`),
                          onConfirm: () =>
                            cancel.mutateAsync(row.id).then(
                              () =>
                                notifications.show({ color: 'success', message: t(`${NS}.registrations.cancel_done`) }),
                              (error: unknown) =>
                                notifications.show({
                                  color: 'danger',
                                  message: errorMessage(error, t('general.error_occurred')),
                                }),
                            ),
                        })
                      }
                      data-testid="registration-cancel"
                    >
                      <IconUserX size={16} aria-hidden />
                    </ActionIcon>
                  </Tooltip>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/**
 * The attendance sheet: each person holding a seat marked present, absent or excused (or left unmarked), saved at
 * once; or the sheet downloaded as xlsx, filled and imported, with the rows it did not take listed.
 */
function AttendanceSheet({
  classroomId,
  sessionId,
  seated,
  canEdit,
}: {
  classroomId: number;
  sessionId: number;
  seated: ClassroomRegistration[];
  canEdit: boolean;
}) {
  const { t } = useTranslation();
  const save = useSaveAttendance(classroomId, sessionId);
  const refresh = useRefreshSessions(classroomId);
  const stored = useMemo(() => new Map(seated.map((r) => [r.user.id, r.attendance ?? UNMARKED] as const)), [seated]);
  const [marks, setMarks] = useState<Map<number, string>>(stored);
  useEffect(() => setMarks(stored), [stored]);
  const [imported, setImported] = useState<AttendanceResult | null>(null);
  const [importing, setImporting] = useState(false);
  const changed = seated.filter((r) => marks.get(r.user.id) !== stored.get(r.user.id));
  const options = [
    ...ATTENDANCES.map((code) => ({ value: code, label: t(`${NS}.attendance.${code}`) })),
    { value: UNMARKED, label: t(`${NS}.attendance.unmarked`) },
  ];
  const fail = (error: unknown) =>
    notifications.show({ color: 'danger', message: errorMessage(error, t('general.error_occurred')) });
  const saveSheet = () =>
    save
      .mutateAsync({
        entries: changed.map((r) => {
          const mark = marks.get(r.user.id);
          return { user_id: r.user.id, attendance: mark === UNMARKED ? null : (mark as Attendance) };
        }),
      })
      .then((answer) => notifications.show({ color: 'success', message: answer.message }), fail);
  const upload = async (file: File | null) => {
    if (!file) return;
    setImporting(true);
    try {
      const answer = await importAttendance(classroomId, sessionId, file);
      setImported(answer.data);
      notifications.show({ color: 'success', message: answer.message });
      await refresh();
    } catch (error) {
      fail(error);
    } finally {
      setImporting(false);
    }
  };
  return (
    <Stack data-testid="attendance-sheet">
      {seated.length === 0 ? (
        <EmptyState title={t(`${NS}.attendance.none`)} testId="attendance-empty" />
      ) : (
        <>
          <Table.ScrollContainer minWidth={560}>
            <Table verticalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t(`${NS}.registrations.person`)}</Table.Th>
                  <Table.Th>{t(`${NS}.attendance.title`)}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {seated.map((row) => (
                  <Table.Tr key={row.id} data-testid="attendance-row" data-user-id={row.user.id}>
                    <Table.Td>
                      <Text fz="sm" fw={600} id={`attendance-${row.id}`}>
                        {fullName(row)}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <SegmentedControl
                        size="xs"
                        data={options}
                        value={marks.get(row.user.id) ?? UNMARKED}
                        onChange={(value) => setMarks((current) => new Map(current).set(row.user.id, value))}
                        disabled={!canEdit || save.isPending}
                        aria-labelledby={`attendance-${row.id}`}
                        data-testid="attendance-mark"
                      />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {canEdit && (
            <Group>
              <Button
                variant="default"
                onClick={() => setMarks(new Map(seated.map((r) => [r.user.id, 'present'])))}
                data-testid="attendance-all-present"
              >
                {t(`${NS}.attendance.all_present`)}
              </Button>
              <Button
                onClick={() => void saveSheet()}
                loading={save.isPending}
                disabled={changed.length === 0}
                data-testid="attendance-save"
              >
                {t(`${NS}.attendance.save`)}
              </Button>
            </Group>
          )}
        </>
      )}
      <Paper withBorder radius="md" p="md" bg="var(--mantine-color-body)">
        <Stack gap="xs">
          <Text fz="sm">{t(`${NS}.attendance.import_hint`)}</Text>
          <Group>
            <Button
              variant="light"
              leftSection={<IconDownload size={16} aria-hidden />}
              onClick={() =>
                downloadFile(attendanceTemplatePath(classroomId, sessionId), 'attendance.xlsx').catch(fail)
              }
              data-testid="attendance-template"
            >
              {t(`${NS}.attendance.template`)}
            </Button>
            {canEdit && (
              <FileButton onChange={(file) => void upload(file)} accept=".xlsx,.csv">
                {(props) => (
                  <Button
                    {...props}
                    variant="light"
                    loading={importing}
                    leftSection={<IconFileUpload size={16} aria-hidden />}
                    data-testid="attendance-import"
                  >
                    {t(`${NS}.attendance.import`)}
                  </Button>
                )}
              </FileButton>
            )}
          </Group>
          {imported && imported.errors.length > 0 && (
            <Alert color="warning" title={t(`${NS}.attendance.import_errors`)} data-testid="attendance-import-errors">
              <List size="sm">
                {imported.errors.map((error) => (
                  <List.Item key={error.row}>{t(`${NS}.attendance.row`, error)}</List.Item>
                ))}
              </List>
            </Alert>
          )}
        </Stack>
      </Paper>
    </Stack>
  );
}

/**
 * One session's people (`/admin/education/classroom/{id}/sessions/{session}`, show_training): registrations with
 * the waiting list, and the attendance sheet (create_training marks, imports and cancels).
 */
export default function SessionPage() {
  const { t, i18n } = useTranslation();
  const params = useParams();
  const classroomId = Number(params.id);
  const sessionId = Number(params.session);
  const canEdit = sessionCan(useSessionUser()?.roles, 'create_training');
  const classroom = useClassroom(classroomId);
  const query = useRegistrations(classroomId, sessionId);
  const back = (
    <Button
      component={Link}
      to={pathTo('company.education.classroom.edit', { id: classroomId })}
      variant="default"
      leftSection={<IconArrowLeft size={16} aria-hidden />}
    >
      {t(`${NS}.registrations.back`)}
    </Button>
  );
  if (query.isPending)
    return (
      <Stack aria-busy data-testid="session-page-loading">
        <Skeleton h={40} />
        <Skeleton h={200} />
      </Stack>
    );
  if (query.isError)
    return (
      <Stack>
        <PageHeader actions={back} />
        <Alert color="danger" title={t('resource.load_failed')} data-testid="session-page-error">
          {errorMessage(query.error, t('general.error_occurred'))}
        </Alert>
      </Stack>
    );
  const { data: rows, session } = query.data;
  const times = sessionTimes(session, i18n.language);
  const seated = rows.filter((r) => r.status === 'registered');
  return (
    <Stack gap="lg" data-testid="session-page">
      <PageHeader
        description={
          <>
            <Text span fw={700}>
              {classroom.data?.title}
            </Text>{' '}
            — {times.day}, {times.hours} ({t(`classroom.zones.${session.time_zone}`)})
            {session.place ? ` · ${session.place}` : ''}
          </>
        }
        actions={back}
      />
      <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby="session-registrations">
        <Stack>
          <Group justify="space-between">
            <Title order={2} fz="h4" id="session-registrations">
              {t(`${NS}.registrations.title`)}
            </Title>
            <Text fz="sm" data-testid="session-counts">
              {t(`${NS}.sessions.seats_value`, { registered: session.registered_count, capacity: session.capacity })}
              {session.waitlisted_count > 0
                ? ` · ${t(`${NS}.sessions.waiting_value`, { count: session.waitlisted_count })}`
                : ''}
            </Text>
          </Group>
          <Text fz="sm" c="dimmed">
            {t(`${NS}.registrations.description`)}
          </Text>
          <RegistrationsTable classroomId={classroomId} sessionId={sessionId} rows={rows} canEdit={canEdit} />
        </Stack>
      </Paper>
      <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby="session-attendance">
        <Stack>
          <Title order={2} fz="h4" id="session-attendance">
            {t(`${NS}.attendance.title`)}
          </Title>
          <Text fz="sm" c="dimmed">
            {t(`${NS}.attendance.description`)}
          </Text>
          <AttendanceSheet classroomId={classroomId} sessionId={sessionId} seated={seated} canEdit={canEdit} />
        </Stack>
      </Paper>
    </Stack>
  );
}
