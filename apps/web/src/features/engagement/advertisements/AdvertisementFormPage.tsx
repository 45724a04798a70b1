import {
  ADVERTISEMENT_LINK_MAX,
  ADVERTISEMENT_TITLE_MAX,
  type Advertisement,
  type AdvertisementCreate,
  type AdvertisementUpdate,
  advertisementCreateSchema,
} from '@kampus/shared';
import { Paper, SimpleGrid, Stack, TextInput } from '@mantine/core';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { pathTo } from '../../../app/route-names.js';
import { DayInput } from '../../../components/DayInput.js';
import { ResourceForm } from '../../../components/ResourceForm.js';
import { CoverField } from '../../../components/UploadField.js';
import { ActiveStatusSelect, OrderInput } from '../../frame/admin/records/RecordFields.js';
import { RecordFormPage, useRecordSave } from '../../frame/admin/records/RecordFormPage.js';
import { AudienceFields } from '../announcements/AudienceFields.js';
import { advertisementsResource } from './api.js';

const NS = advertisementsResource.contract.namespace;
const LIST = pathTo('company.advertisement');

function valuesOf(advertisement: Advertisement | null) {
  return {
    title: advertisement?.title ?? '',
    image_url: advertisement?.image_url ?? '',
    link_url: advertisement?.link_url ?? '',
    audience: advertisement?.audience ?? ('everyone' as const),
    group_ids: advertisement?.group_ids ?? [],
    company_ids: advertisement?.company_ids ?? [],
    order: advertisement?.order ?? 0,
    start_date: advertisement?.start_date ?? dayjs().format('YYYY-MM-DD'),
    end_date: advertisement?.end_date ?? null,
    status: advertisement?.status ?? 1,
  };
}

function AdvertisementForm({ advertisement }: { advertisement: Advertisement | null }) {
  const { t } = useTranslation();
  const save = useRecordSave(advertisementsResource, advertisement);
  const initial = useMemo(() => valuesOf(advertisement), [advertisement]);
  const [uploading, setUploading] = useState(false);
  return (
    <ResourceForm
      schema={advertisementCreateSchema}
      initial={initial}
      cancelTo={LIST}
      testId="advertisement-form"
      onSave={(data, mode) => save(data as AdvertisementCreate & AdvertisementUpdate, mode)}
      saveDisabled={uploading}
    >
      {(form) => (
        <Stack>
          <Paper withBorder radius="lg" p="lg">
            <Stack>
              <CoverField
                label={t(`${NS}.fields.image_url`)}
                value={form.values.image_url || null}
                signedPreview={{ url: advertisement?.image_url ?? null, src: advertisement?.image_src ?? null }}
                previewAlt={t(`${NS}.image_alt`)}
                onChange={(url) => form.setField('image_url', url ?? '')}
                onBusyChange={setUploading}
                error={form.errors.image_url}
                description={t(`${NS}.image_hint`)}
                removable={false}
                testId="advertisement-image"
              />
              <TextInput
                label={t(`${NS}.fields.title`)}
                description={t(`${NS}.title_hint`)}
                name="title"
                required
                maxLength={ADVERTISEMENT_TITLE_MAX}
                autoComplete="off"
                {...form.field('title')}
                data-testid="advertisement-title"
              />
              <TextInput
                label={t(`${NS}.fields.link_url`)}
                description={t(`${NS}.link_hint`)}
                name="link_url"
                maxLength={ADVERTISEMENT_LINK_MAX}
                autoComplete="off"
                value={form.values.link_url ?? ''}
                onChange={(event) => form.setField('link_url', event.currentTarget.value)}
                error={form.errors.link_url}
                data-testid="advertisement-link"
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
                testId="advertisement"
              />
              <SimpleGrid cols={{ base: 1, sm: 3 }}>
                <DayInput
                  label={t(`${NS}.fields.start_date`)}
                  required
                  clearable={false}
                  value={form.values.start_date ?? null}
                  onChange={(day) => form.setField('start_date', day ?? '')}
                  error={form.errors.start_date}
                />
                <DayInput
                  label={t(`${NS}.fields.end_date`)}
                  description={t(`${NS}.end_hint`)}
                  value={form.values.end_date ?? null}
                  onChange={(day) => form.setField('end_date', day)}
                  error={form.errors.end_date}
                />
                <OrderInput
                  namespace={NS}
                  value={form.values.order ?? 0}
                  onChange={(order) => form.setField('order', order)}
                  error={form.errors.order}
                />
              </SimpleGrid>
              <ActiveStatusSelect
                namespace={NS}
                value={form.values.status ?? 1}
                onChange={(status) => form.setField('status', status)}
                error={form.errors.status}
                testId="advertisement-status"
              />
            </Stack>
          </Paper>
        </Stack>
      )}
    </ResourceForm>
  );
}

/** The advertisement add and edit screens (`/admin/advertisement/add`, `/{id}/edit`; read_widgetmanagement). */
export default function AdvertisementFormPage() {
  const { id = null } = useParams();
  return (
    <RecordFormPage resource={advertisementsResource} id={id} testId="advertisement-form">
      {(advertisement) => <AdvertisementForm key={advertisement?.id ?? 'new'} advertisement={advertisement} />}
    </RecordFormPage>
  );
}
