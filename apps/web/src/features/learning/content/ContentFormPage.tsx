import { CONTENT_TYPES, type Content, type ContentCreate, type ContentType, type ContentUpdate } from '@kampus/shared';
import { Badge, Button, Group, Paper, SimpleGrid, Stack, Text, UnstyledButton } from '@mantine/core';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { pathTo } from '../../../app/route-names.js';
import { ResourceForm, type SaveMode } from '../../../components/ResourceForm.js';
import { RecordFormPage, useRecordSave } from '../../frame/admin/records/RecordFormPage.js';
import { contentsResource } from './api.js';
import { CommonFields, TypeFields } from './ContentFields.js';
import { ContentTypeIcon } from './ContentType.js';
import { contentFormSchema, contentSaveBody, contentValues, newContentValues } from './form.js';

const LIST = pathTo('company.content.index');

/** The first step of a new content: its type, which decides every other field and never changes afterwards. */
function TypeChooser({ onChoose }: { onChoose: (type: ContentType) => void }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="lg" p="lg">
      <Stack gap="sm">
        <Text fw={600} id="content-type-question">
          {t('content.choose_type')}
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} role="group" aria-labelledby="content-type-question">
          {CONTENT_TYPES.map((type) => (
            <UnstyledButton
              key={type}
              onClick={() => onChoose(type)}
              data-testid={`content-type-${type}`}
              p="md"
              style={{ border: '1px solid var(--mantine-color-default-border)', borderRadius: 12 }}
            >
              <Group gap="sm" wrap="nowrap" align="flex-start">
                <ContentTypeIcon type={type} size={36} />
                <Stack gap={2}>
                  <Text fw={600}>{t(`content.types.${type}`)}</Text>
                  <Text fz="sm" c="dimmed">
                    {t(`content.type_hints.${type}`)}
                  </Text>
                </Stack>
              </Group>
            </UnstyledButton>
          ))}
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}

/** The chosen type above the form; a new content may still go back and choose another. */
function TypeLine({ type, onChange }: { type: ContentType; onChange?: () => void }) {
  const { t } = useTranslation();
  return (
    <Group gap="sm">
      <ContentTypeIcon type={type} />
      <Badge variant="light" size="lg" data-testid="content-form-type" data-type={type}>
        {t(`content.types.${type}`)}
      </Badge>
      {onChange ? (
        <Button variant="subtle" size="xs" onClick={onChange} data-testid="content-change-type">
          {t('content.change_type')}
        </Button>
      ) : (
        <Text fz="xs" c="dimmed">
          {t('content.type_fixed')}
        </Text>
      )}
    </Group>
  );
}

function ContentForm({
  content,
  type,
  onChangeType,
}: {
  content: Content | null;
  type: ContentType;
  onChangeType?: () => void;
}) {
  const { i18n } = useTranslation();
  const save = useRecordSave(contentsResource, content);
  const initial = useMemo(
    () => (content ? contentValues(content) : newContentValues(type, i18n.language)),
    [content, type, i18n.language],
  );
  // Uploads under way (cover, file): saving now would send the old address, so the save buttons wait.
  const busy = useRef(new Set<string>());
  const [busyCount, setBusyCount] = useState(0);
  const busyTracker = (key: string) => (isBusy: boolean) => {
    if (isBusy) busy.current.add(key);
    else busy.current.delete(key);
    setBusyCount(busy.current.size);
  };
  const onSave = (data: ContentCreate, mode: SaveMode) =>
    save(contentSaveBody(data, content) as ContentCreate & ContentUpdate, mode);
  return (
    <ResourceForm
      schema={contentFormSchema}
      initial={initial}
      cancelTo={LIST}
      testId="content-form"
      onSave={onSave}
      saveDisabled={busyCount > 0}
    >
      {(form) => (
        <Stack>
          <TypeLine type={form.values.type} onChange={onChangeType} />
          <CommonFields form={form} content={content} onBusyChange={busyTracker('cover')} />
          <TypeFields form={form} content={content} onBusyChange={busyTracker('file')} />
        </Stack>
      )}
    </ResourceForm>
  );
}

/** A new content: the type first, then its form. */
function NewContent() {
  const [type, setType] = useState<ContentType | null>(null);
  if (!type) return <TypeChooser onChoose={setType} />;
  return <ContentForm key={type} content={null} type={type} onChangeType={() => setType(null)} />;
}

/** The content add and edit screens (`/admin/content/add`, `/edit/{id}`; create_content). */
export default function ContentFormPage() {
  const { id = null } = useParams();
  return (
    <RecordFormPage resource={contentsResource} id={id} testId="content-form">
      {(content) => (content ? <ContentForm key={content.id} content={content} type={content.type} /> : <NewContent />)}
    </RecordFormPage>
  );
}
