import { type Hashtag, hashtagCreateSchema } from '@kampus/shared';
import { Paper, SimpleGrid, TextInput } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ResourceForm } from '../../../components/ResourceForm.js';
import { ActiveStatusSelect } from '../records/RecordFields.js';
import { RecordFormPage, useRecordSave } from '../records/RecordFormPage.js';
import { hashtagsResource } from './api.js';

const LIST = '/admin/hashtags';

function HashtagForm({ hashtag }: { hashtag: Hashtag | null }) {
  const { t } = useTranslation();
  const save = useRecordSave(hashtagsResource, hashtag, {
    list: 'company.hashtag.index',
    edit: 'company.hashtag.edit',
    created: 'hashtags_admin.created',
    updated: 'hashtags_admin.updated',
  });
  const initial = useMemo(() => ({ name: hashtag?.name ?? '', status: hashtag?.status ?? 1 }), [hashtag]);
  return (
    <ResourceForm schema={hashtagCreateSchema} initial={initial} cancelTo={LIST} testId="hashtag-form" onSave={save}>
      {(form) => (
        <Paper withBorder radius="lg" p="lg">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={t('hashtags_admin.fields.name')}
              description={t('hashtags_admin.name_hint')}
              name="name"
              required
              autoComplete="off"
              leftSection="#"
              {...form.field('name')}
            />
            <ActiveStatusSelect
              namespace="hashtags_admin"
              value={form.values.status}
              onChange={(status) => form.setField('status', status)}
              error={form.errors.status}
              testId="hashtag-status-select"
            />
          </SimpleGrid>
        </Paper>
      )}
    </ResourceForm>
  );
}

/** /admin/hashtags/add and /admin/hashtags/:id/edit (create_hashtag). */
export default function HashtagFormPage() {
  const { t } = useTranslation();
  const { id = null } = useParams();
  return (
    <RecordFormPage
      resource={hashtagsResource}
      id={id}
      description={t(id ? 'hashtags_admin.edit_description' : 'hashtags_admin.add_description')}
      testId="hashtag-form"
    >
      {(hashtag) => <HashtagForm key={hashtag?.id ?? 'new'} hashtag={hashtag} />}
    </RecordFormPage>
  );
}
