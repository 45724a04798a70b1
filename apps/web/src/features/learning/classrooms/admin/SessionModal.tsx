import {
  CLASSROOM_CAPACITY_MAX,
  CLASSROOM_INSTRUCTOR_MAX,
  CLASSROOM_PLACE_MAX,
  CLASSROOM_TIME_ZONES,
  type Classroom,
  type ClassroomSession,
  type ClassroomTimeZone,
  classroomSessionCreateSchema,
} from '@kampus/shared';
import { Alert, Button, Group, Modal, NumberInput, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { DateTimePicker } from '@mantine/dates';
import '@mantine/dates/styles.css';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { type FormCheck, useForm } from '../../../../lib/form.js';
import { useSaveSession } from '../api.js';
import { instantOf, wallClock } from '../dates.js';

const NS = 'classroomAdmin.sessions';

/** The form's values: start and end as the wall clock of the session's zone (what the admin picks). */
interface SessionValues {
  starts_at: string | null;
  ends_at: string | null;
  time_zone: ClassroomTimeZone;
  place: string | null;
  online_url: string | null;
  capacity: number | string;
  instructor_name: string | null;
}

type SessionBody = ReturnType<typeof classroomSessionCreateSchema.parse>;

/** The wall-clock values become instants of the chosen zone, then pass the shared schema the server checks too. */
const sessionCheck: FormCheck<SessionValues, SessionBody> = {
  safeParse: (values) =>
    classroomSessionCreateSchema.safeParse({
      starts_at: values.starts_at ? instantOf(values.starts_at, values.time_zone) : '',
      ends_at: values.ends_at ? instantOf(values.ends_at, values.time_zone) : '',
      time_zone: values.time_zone,
      place: values.place,
      online_url: values.online_url,
      capacity: typeof values.capacity === 'number' ? values.capacity : Number.NaN,
      instructor_user_id: null,
      instructor_name: values.instructor_name,
    }),
};

function initialValues(classroom: Classroom, session: ClassroomSession | null): SessionValues {
  if (!session)
    return {
      starts_at: null,
      ends_at: null,
      time_zone: 'Europe/Istanbul',
      place: classroom.default_place,
      online_url: classroom.default_online_url,
      capacity: 20,
      instructor_name: null,
    };
  return {
    starts_at: wallClock(session.starts_at, session.time_zone),
    ends_at: wallClock(session.ends_at, session.time_zone),
    time_zone: session.time_zone,
    place: session.place,
    online_url: session.online_url,
    capacity: session.capacity,
    instructor_name:
      session.instructor?.user_id === null ? session.instructor.name : (session.instructor?.name ?? null),
  };
}

const textOrNull = (value: string) => (value.trim() === '' ? null : value);

function SessionForm({
  classroom,
  session,
  onDone,
}: {
  classroom: Classroom;
  session: ClassroomSession | null;
  onDone: () => void;
}) {
  const { t, i18n } = useTranslation();
  const save = useSaveSession(classroom.id);
  const form = useForm(sessionCheck, initialValues(classroom, session));
  const submit = () =>
    form.submit(async (body) => {
      await save.mutateAsync({ id: session?.id ?? null, body });
      notifications.show({ color: 'success', message: t(session ? `${NS}.updated` : `${NS}.created`) });
      onDone();
    });
  const zones = CLASSROOM_TIME_ZONES.map((zone) => ({ value: zone, label: t(`classroom.zones.${zone}`) }));
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
      data-testid="session-form"
      noValidate
    >
      <Stack>
        {form.formError && (
          <Alert color="danger" role="alert">
            {form.formError}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <DateTimePicker
            label={t(`${NS}.fields.starts_at`)}
            valueFormat="DD/MM/YYYY HH:mm"
            locale={i18n.language}
            required
            value={form.values.starts_at}
            onChange={(value) => form.setField('starts_at', value)}
            error={form.errors.starts_at}
            // The calendar's confirm button is an icon: it needs a name (axe, screen readers).
            submitButtonProps={{ 'aria-label': t(`${NS}.pick_done`) }}
            data-testid="session-starts-at"
          />
          <DateTimePicker
            label={t(`${NS}.fields.ends_at`)}
            valueFormat="DD/MM/YYYY HH:mm"
            locale={i18n.language}
            required
            value={form.values.ends_at}
            onChange={(value) => form.setField('ends_at', value)}
            error={form.errors.ends_at}
            // The calendar's confirm button is an icon: it needs a name (axe, screen readers).
            submitButtonProps={{ 'aria-label': t(`${NS}.pick_done`) }}
            data-testid="session-ends-at"
          />
          <Select
            label={t(`${NS}.fields.time_zone`)}
            data={zones}
            value={form.values.time_zone}
            onChange={(zone) => zone && form.setField('time_zone', zone as ClassroomTimeZone)}
            allowDeselect={false}
            error={form.errors.time_zone}
            data-testid="session-time-zone"
          />
          <NumberInput
            label={t(`${NS}.fields.capacity`)}
            required
            min={1}
            max={CLASSROOM_CAPACITY_MAX}
            allowDecimal={false}
            value={form.values.capacity}
            onChange={(value) => form.setField('capacity', value)}
            error={form.errors.capacity}
            data-testid="session-capacity"
          />
          <TextInput
            label={t(`${NS}.fields.place`)}
            maxLength={CLASSROOM_PLACE_MAX}
            autoComplete="off"
            value={form.values.place ?? ''}
            onChange={(event) => form.setField('place', textOrNull(event.currentTarget.value))}
            error={form.errors.place}
            data-testid="session-place"
          />
          <TextInput
            label={t(`${NS}.fields.online_url`)}
            type="url"
            autoComplete="off"
            value={form.values.online_url ?? ''}
            onChange={(event) => form.setField('online_url', textOrNull(event.currentTarget.value))}
            error={form.errors.online_url}
            data-testid="session-online-url"
          />
        </SimpleGrid>
        <TextInput
          label={t(`${NS}.fields.instructor_name`)}
          maxLength={CLASSROOM_INSTRUCTOR_MAX}
          autoComplete="off"
          value={form.values.instructor_name ?? ''}
          onChange={(event) => form.setField('instructor_name', textOrNull(event.currentTarget.value))}
          error={form.errors.instructor_name ?? form.errors.instructor_user_id}
          data-testid="session-instructor"
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {t('resource.cancel')}
          </Button>
          <Button type="submit" loading={form.submitting} data-testid="session-save">
            {t(`${NS}.save`)}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Adds or edits one session in a dialog; the form is made anew each time it opens. */
export function SessionModal({
  classroom,
  session,
  opened,
  onClose,
}: {
  classroom: Classroom;
  session: ClassroomSession | null;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t(session ? `${NS}.edit_title` : `${NS}.add_title`)}
      size="lg"
      centered
      closeButtonProps={{ 'aria-label': t('resource.cancel') }}
    >
      {opened && <SessionForm classroom={classroom} session={session} onDone={onClose} />}
    </Modal>
  );
}
