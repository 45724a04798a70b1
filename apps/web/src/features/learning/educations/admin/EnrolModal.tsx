import { educationEnrolSchema } from '@kampus/shared';
import { Alert, Button, Group, Modal, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconUsersPlus } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DayInput } from '../../../../components/DayInput.js';
import { useSchemaForm } from '../../../../lib/form.js';
import type { PickedPerson } from '../../../organisation/user-groups/form.js';
import { MemberPicker } from '../../../organisation/user-groups/MemberPicker.js';
import { educationsResource, enrolPeople, reportKey } from './api.js';

/** The form inside the modal: people and an optional due day; the server's answer is shown as a toast. */
function EnrolForm({ educationId, onDone }: { educationId: number; onDone: () => void }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [people, setPeople] = useState<PickedPerson[]>([]);
  const form = useSchemaForm(educationEnrolSchema, { user_ids: [], due_at: null });
  const pick = (next: PickedPerson[]) => {
    setPeople(next);
    form.setField(
      'user_ids',
      next.map((person) => person.id),
    );
  };
  const submit = () =>
    form.submit(async (body) => {
      const answer = await enrolPeople(educationId, body);
      notifications.show({ color: 'success', message: answer.message });
      await Promise.all([
        client.invalidateQueries({ queryKey: reportKey(educationId) }),
        // The catalogue's enrolled counts change too.
        client.invalidateQueries({ queryKey: educationsResource.keys.lists }),
      ]);
      onDone();
    });
  return (
    <form
      noValidate
      data-testid="enrol-form"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Stack>
        {form.formError && (
          <Alert color="danger" role="alert" data-testid="enrol-form-error">
            {form.formError}
          </Alert>
        )}
        <MemberPicker
          value={people}
          onChange={pick}
          label={t('educationReport.enrol.people')}
          error={form.errors.user_ids}
          testId="enrol-users"
        />
        <DayInput
          label={t('educationReport.enrol.due_at')}
          description={t('educationReport.enrol.due_at_hint')}
          value={form.values.due_at ?? null}
          onChange={(day) => form.setField('due_at', day)}
          minDate={new Date()}
          error={form.errors.due_at}
          popoverProps={{ withinPortal: true }}
          data-testid="enrol-due-at"
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {t('resource.cancel')}
          </Button>
          <Button type="submit" loading={form.submitting} data-testid="enrol-submit">
            {t('educationReport.enrol.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** "Enrol people": a button opening the form in a modal (`POST api/admin/educations/{id}/enrolments`). */
export function EnrolButton({ educationId }: { educationId: number }) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button
        leftSection={<IconUsersPlus size={16} aria-hidden />}
        onClick={() => setOpened(true)}
        data-testid="enrol-open"
      >
        {t('educationReport.enrol.open')}
      </Button>
      <Modal
        opened={opened}
        onClose={() => setOpened(false)}
        title={t('educationReport.enrol.title')}
        size="lg"
        centered
        data-testid="enrol-modal"
      >
        {opened && <EnrolForm educationId={educationId} onDone={() => setOpened(false)} />}
      </Modal>
    </>
  );
}
