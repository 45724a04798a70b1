import { type Hashtag, hashtagCreateSchema } from '@kampus/shared';
import { Paper, SimpleGrid, TextInput } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { pathTo } from '../../../app/route-names.js';
import { ResourceForm } from '../../../components/ResourceForm.js';
import { ActiveStatusSelect } from '../../frame/admin/records/RecordFields.js';
import { RecordFormPage, useRecordSave } from '../../frame/admin/records/RecordFormPage.js';
import { hashtagsResource } from './api.js';

const LIST = pathTo('company.hashtag.index');

function HashtagForm({ hashtag }: { hashtag: Hashtag | null }) {
  const { t } = useTranslation();
  const save = useRecordSave(hashtagsResource, hashtag);
  const initial = useMemo(() => ({ name: hashtag?.name ?? '', status: hashtag?.status ?? 1 }), [hashtag]);
  return (
    <ResourceForm schema={hashtagCreateSchema} initial={initial} cancelTo={LIST} testId="hashtag-form" onSave={save}>
      {(form) => (
        <Paper withBorder radius="lg" p="lg">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={t('hashtags.fields.name')}
              description={t('hashtags.name_hint')}
              name="name"
              required
              autoComplete="off"
              leftSection="#"
              {...form.field('name')}
            />
            <ActiveStatusSelect
              namespace="hashtags"
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

/** The hashtag add and edit screens (create_hashtag). */
export default function HashtagFormPage() {
  const { id = null } = useParams();
  return (
    <RecordFormPage resource={hashtagsResource} id={id} testId="hashtag-form">
      {(hashtag) => <HashtagForm key={hashtag?.id ?? 'new'} hashtag={hashtag} />}
    </RecordFormPage>
  );
}
