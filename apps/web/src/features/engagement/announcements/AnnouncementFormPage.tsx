import {
  ANNOUNCEMENT_TITLE_MAX,
  type Announcement,
  type AnnouncementCreate,
  type AnnouncementUpdate,
  announcementCreateSchema,
} from '@kampus/shared';
import { Paper, SimpleGrid, Stack, Switch, TextInput } from '@mantine/core';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { pathTo } from '../../../app/route-names.js';
import { DayInput } from '../../../components/DayInput.js';
import { ResourceForm } from '../../../components/ResourceForm.js';
import { CoverField } from '../../../components/UploadField.js';
import { ActiveStatusSelect } from '../../frame/admin/records/RecordFields.js';
import { RecordFormPage, useRecordSave } from '../../frame/admin/records/RecordFormPage.js';
import { RichTextField } from '../../learning/content/RichTextField.js';
import { AudienceFields } from './AudienceFields.js';
import { announcementsResource } from './api.js';

const NS = announcementsResource.contract.namespace;
const LIST = pathTo('company.announcement');

function valuesOf(announcement: Announcement | null) {
  return {
    title: announcement?.title ?? '',
    body: announcement?.body ?? null,
    image_url: announcement?.image_url ?? null,
    audience: announcement?.audience ?? ('everyone' as const),
    group_ids: announcement?.group_ids ?? [],
    company_ids: announcement?.company_ids ?? [],
    publish_date: announcement?.publish_date ?? dayjs().format('YYYY-MM-DD'),
    expiry_date: announcement?.expiry_date ?? null,
    pinned: announcement?.pinned ?? false,
    must_read: announcement?.must_read ?? false,
    status: announcement?.status ?? 1,
  };
}

function AnnouncementForm({ announcement }: { announcement: Announcement | null }) {
  const { t } = useTranslation();
  const save = useRecordSave(announcementsResource, announcement);
  const initial = useMemo(() => valuesOf(announcement), [announcement]);
  const [uploading, setUploading] = useState(false);
  return (
    <ResourceForm
      schema={announcementCreateSchema}
      initial={initial}
      cancelTo={LIST}
      testId="announcement-form"
      onSave={(data, mode) => save(data as AnnouncementCreate & AnnouncementUpdate, mode)}
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
                maxLength={ANNOUNCEMENT_TITLE_MAX}
                autoComplete="off"
                {...form.field('title')}
                data-testid="announcement-title"
              />
              <RichTextField
                label={t(`${NS}.fields.body`)}
                value={form.values.body ?? ''}
                onChange={(html) => form.setField('body', html || null)}
                error={form.errors.body}
                testId="announcement-body"
              />
              <CoverField
                label={t(`${NS}.fields.image_url`)}
                value={form.values.image_url ?? null}
                signedPreview={{ url: announcement?.image_url ?? null, src: announcement?.image_src ?? null }}
                previewAlt={t(`${NS}.image_alt`)}
                onChange={(url) => form.setField('image_url', url)}
                onBusyChange={setUploading}
                error={form.errors.image_url}
                description={t(`${NS}.image_saved`)}
                testId="announcement-image"
              />
            </Stack>
          </Paper>
          <Paper withBorder radius="lg" p="lg">
            <Stack>
              <AudienceFields
                namespace={NS}
                audience={form.values.audience ?? 'everyone'}
                groupIds={form.values.group_ids ?? []}
                companyIds={form.values.company_ids ?? []}
                onChange={(next) => {
                  if (next.audience !== undefined) form.setField('audience', next.audience);
                  if (next.group_ids !== undefined) form.setField('group_ids', next.group_ids);
                  if (next.company_ids !== undefined) form.setField('company_ids', next.company_ids);
                }}
                errors={form.errors}
                testId="announcement"
              />
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <DayInput
                  label={t(`${NS}.fields.publish_date`)}
                  required
                  clearable={false}
                  value={form.values.publish_date ?? null}
                  onChange={(day) => form.setField('publish_date', day ?? '')}
                  error={form.errors.publish_date}
                  data-testid="announcement-publish-date"
                />
                <DayInput
                  label={t(`${NS}.fields.expiry_date`)}
                  description={t(`${NS}.expiry_hint`)}
                  value={form.values.expiry_date ?? null}
                  onChange={(day) => form.setField('expiry_date', day)}
                  error={form.errors.expiry_date}
                  data-testid="announcement-expiry-date"
                />
              </SimpleGrid>
              <Switch
                label={t(`${NS}.fields.pinned`)}
                description={t(`${NS}.pinned_hint`)}
                checked={form.values.pinned ?? false}
                onChange={(event) => form.setField('pinned', event.currentTarget.checked)}
                data-testid="announcement-pinned"
              />
              <Switch
                label={t(`${NS}.fields.must_read`)}
                description={t(`${NS}.must_read_hint`)}
                checked={form.values.must_read ?? false}
                onChange={(event) => form.setField('must_read', event.currentTarget.checked)}
                data-testid="announcement-must-read"
              />
              <ActiveStatusSelect
                namespace={NS}
                value={form.values.status ?? 1}
                onChange={(status) => form.setField('status', status)}
                error={form.errors.status}
                testId="announcement-status"
              />
            </Stack>
          </Paper>
        </Stack>
      )}
    </ResourceForm>
  );
}

/** The announcement add and edit screens (`/admin/announcement/add`, `/{id}/edit`; read_widgetmanagement). */
export default function AnnouncementFormPage() {
  const { id = null } = useParams();
  return (
    <RecordFormPage resource={announcementsResource} id={id} testId="announcement-form">
      {(announcement) => <AnnouncementForm key={announcement?.id ?? 'new'} announcement={announcement} />}
    </RecordFormPage>
  );
}
