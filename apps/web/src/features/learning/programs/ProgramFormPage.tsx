import {
  type Education,
  PROGRAM_DESCRIPTION_MAX,
  PROGRAM_TITLE_MAX,
  type Program,
  type ProgramCreate,
  type ProgramUpdate,
} from '@kampus/shared';
import { Paper, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { pathTo } from '../../../app/route-names.js';
import { ResourceForm, type ResourceFormControl } from '../../../components/ResourceForm.js';
import { CoverField } from '../../../components/UploadField.js';
import { ActiveStatusSelect } from '../../frame/admin/records/RecordFields.js';
import { RecordFormPage, useRecordSave } from '../../frame/admin/records/RecordFormPage.js';
import { programsResource } from './api.js';
import {
  newProgramValues,
  programFormSchema,
  programValues,
  type StepEducation,
  stepEducationsOf,
  withStep,
} from './form.js';
import { StepsBuilder } from './StepsBuilder.js';

const NS = programsResource.contract.namespace;
const LIST = pathTo('company.program');

type ProgramForm = ResourceFormControl<typeof programFormSchema>;

function ProgramForm({ program }: { program: Program | null }) {
  const { t } = useTranslation();
  const save = useRecordSave(programsResource, program);
  const initial = useMemo(() => (program ? programValues(program) : newProgramValues()), [program]);
  // The steps show their education's title and cover; picked ones join those the stored program brought.
  const [educations, setEducations] = useState<Map<number, StepEducation>>(() => stepEducationsOf(program));
  const [uploading, setUploading] = useState(false);
  const remember = (education: Education) =>
    setEducations((known) =>
      new Map(known).set(education.id, {
        title: education.title,
        image_url: education.image_url,
        available: education.status === 1,
      }),
    );
  return (
    <ResourceForm
      schema={programFormSchema}
      initial={initial}
      cancelTo={LIST}
      testId="program-form"
      onSave={(data, mode) => save(data as ProgramCreate & ProgramUpdate, mode)}
      saveDisabled={uploading}
    >
      {(form) => (
        <Stack>
          <Paper withBorder radius="lg" p="lg">
            <Stack>
              <TextInput
                label={t(`${NS}.fields.title`)}
                name="title"
                required
                maxLength={PROGRAM_TITLE_MAX}
                autoComplete="off"
                {...form.field('title')}
                data-testid="program-title"
              />
              <Textarea
                label={t(`${NS}.fields.description`)}
                name="description"
                autosize
                minRows={3}
                maxRows={10}
                maxLength={PROGRAM_DESCRIPTION_MAX}
                {...form.field('description')}
              />
              <CoverField
                label={t(`${NS}.fields.image_url`)}
                value={form.values.image_url}
                onChange={(url) => form.setField('image_url', url)}
                onBusyChange={setUploading}
                error={form.errors.image_url}
                previewAlt={t(`${NS}.cover_alt`)}
                testId="program-cover-upload"
              />
              <Switch
                label={t(`${NS}.fields.sequential`)}
                description={t(`${NS}.sequential_hint`)}
                checked={form.values.sequential ?? true}
                onChange={(event) => form.setField('sequential', event.currentTarget.checked)}
                data-testid="program-sequential"
              />
              <ActiveStatusSelect
                namespace={NS}
                value={form.values.status ?? 1}
                onChange={(status) => form.setField('status', status)}
                error={form.errors.status}
                testId="program-status"
              />
            </Stack>
          </Paper>
          <Paper withBorder radius="lg" p="lg">
            <StepsBuilder
              steps={form.values.steps ?? []}
              educations={educations}
              onChange={(steps) => form.setField('steps', steps)}
              onPick={(education) => {
                remember(education);
                form.setField('steps', withStep(form.values.steps ?? [], education.id));
              }}
              errors={form.errors}
              disabled={form.submitting}
            />
          </Paper>
        </Stack>
      )}
    </ResourceForm>
  );
}

/** The program add and edit screens (`/admin/program/add`, `/edit/{id}`; create_program). */
export default function ProgramFormPage() {
  const { id = null } = useParams();
  return (
    <RecordFormPage resource={programsResource} id={id} testId="program-form">
      {(program) => <ProgramForm key={program?.id ?? 'new'} program={program} />}
    </RecordFormPage>
  );
}
