import { type Hashtag, hashtagCreateSchema } from '@kampus/shared';
import { Paper, Select, SimpleGrid, TextInput } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ResourceForm } from '../../../components/ResourceForm.js';
import { useResourceStore } from '../../../lib/resource.js';
import { useActiveStatusOptions } from '../records/ActiveStatusBadge.js';
import { RecordFormPage } from '../records/RecordFormPage.js';
import { hashtagsResource } from './api.js';

const LIST = '/admin/hashtags';

function HashtagForm({ hashtag }: { hashtag: Hashtag | null }) {
  const { t } = useTranslation();
  const store = useResourceStore(hashtagsResource);
  const statusOptions = useActiveStatusOptions('hashtags_admin');
  const initial = useMemo(() => ({ name: hashtag?.name ?? '', status: hashtag?.status ?? 1 }), [hashtag]);
  return (
    <ResourceForm
      schema={hashtagCreateSchema}
      initial={initial}
      cancelTo={LIST}
      testId="hashtag-form"
      onSave={(data, mode) => {
        const back = { name: 'company.hashtag.index' };
        if (!hashtag) {
          const redirect = mode === 'back' ? back : { name: 'company.hashtag.edit' };
          return store.create(data, { redirect: { ...redirect, message: 'hashtags_admin.created' } });
        }
        return store.update(hashtag.id, data, {
          message: 'hashtags_admin.updated',
          ...(mode === 'back' ? { redirect: { ...back, message: 'hashtags_admin.updated' } } : {}),
        });
      }}
    >
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
            <Select
              label={t('hashtags_admin.fields.status')}
              data={statusOptions}
              value={String(form.values.status ?? 1)}
              onChange={(value) => value !== null && form.setField('status', Number(value) as 0 | 1)}
              allowDeselect={false}
              error={form.errors.status}
              data-testid="hashtag-status-select"
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
