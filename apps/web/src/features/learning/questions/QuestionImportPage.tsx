import {
  QUESTION_IMPORT_ACCEPT,
  QUESTION_IMPORT_COLUMNS,
  QUESTION_IMPORT_IMAGES_MAX,
  QUESTION_IMPORT_MAX_BYTES,
  type QuestionImportImage,
  type QuestionImportResult,
} from '@kampus/shared';
import { Badge, CloseButton, Group, List, Stack, Text, Title } from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { pathTo } from '../../../app/route-names.js';
import { ImportPage } from '../../../components/ImportPage.js';
import { UploadField } from '../../../components/UploadField.js';
import { IMPORT_TEMPLATE_PATH, importQuestions, questionsResource } from './api.js';

const NS = 'questionImport';
const TEMPLATES = [
  { path: IMPORT_TEMPLATE_PATH, format: 'xlsx', labelKey: `${NS}.download`, testId: 'question-import-template' },
];

/** The valid rows as the questions they will be (the server sends the first ones). */
function Preview({ result }: { result: QuestionImportResult }) {
  const { t } = useTranslation();
  if (result.preview.length === 0) return null;
  return (
    <Stack gap="xs">
      <Title order={3} fz="h5">
        {t(`${NS}.preview_title`)}
      </Title>
      <List spacing={4} size="sm" data-testid="import-preview-list">
        {result.preview.map((row) => (
          <List.Item key={row.row}>
            <Badge variant="light" size="sm" mr="xs">
              {t(`questions.types.${row.type}`)}
            </Badge>
            {row.title}
          </List.Item>
        ))}
      </List>
    </Stack>
  );
}

/** The images the rows may name: uploaded one by one, listed by their names, each removable. */
function ImagesField({
  images,
  onChange,
}: {
  images: QuestionImportImage[];
  onChange: (images: QuestionImportImage[]) => void;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap={6} data-testid="question-import-images">
      <UploadField
        kind="rich_text_image"
        multiple
        label={t(`${NS}.images_label`)}
        disabled={images.length >= QUESTION_IMPORT_IMAGES_MAX}
        onUploaded={(file) =>
          onChange([...images.filter((image) => image.name !== file.name), { name: file.name, url: file.url }])
        }
        testId="question-import-images-upload"
      />
      <Text fz="xs" c="dimmed">
        {t(`${NS}.images_hint`)}
      </Text>
      {images.length > 0 && (
        <Group gap="xs" data-testid="question-import-images-list">
          {images.map((image) => (
            <Badge
              key={image.url}
              variant="light"
              color="gray"
              size="lg"
              tt="none"
              leftSection={<IconPhoto size={14} aria-hidden />}
              rightSection={
                <CloseButton
                  size="xs"
                  aria-label={t(`${NS}.image_remove`, { name: image.name })}
                  onClick={() => onChange(images.filter((other) => other.url !== image.url))}
                />
              }
              data-testid="question-import-image"
            >
              {image.name}
            </Badge>
          ))}
        </Group>
      )}
    </Stack>
  );
}

/**
 * /admin/question/import (create_exam): download the template (columns explained, an example of every type), pick a
 * file and the images its rows name, see a dry run (the summary, the questions to be written and every bad row with
 * its reason, an image not sent or not the company's among them), then import the valid rows.
 */
export default function QuestionImportPage() {
  const { t } = useTranslation();
  const [images, setImages] = useState<QuestionImportImage[]>([]);
  return (
    <ImportPage<QuestionImportResult>
      ns={NS}
      templates={TEMPLATES}
      accept={QUESTION_IMPORT_ACCEPT}
      maxBytes={QUESTION_IMPORT_MAX_BYTES}
      columns={QUESTION_IMPORT_COLUMNS}
      send={(file, dryRun) => importQuestions(file, dryRun, images)}
      options={<ImagesField images={images} onChange={setImages} />}
      inputsKey={images.map((image) => image.url).join('\n')}
      invalidates={questionsResource.keys.all}
      listPath={pathTo('company.question.index')}
      figures={(result) => [
        ['rows', result.summary.rows],
        ['valid', result.summary.valid],
        ['invalid', result.summary.invalid],
      ]}
      importable={(result) => result.summary.valid}
      preview={(result) => <Preview result={result} />}
      outcome={(result) => (
        <>
          <Text fz="sm">{t(`${NS}.result_text`, { count: result.created })}</Text>
          {result.summary.invalid > 0 && (
            <Text fz="sm">{t(`${NS}.result_skipped`, { count: result.summary.invalid })}</Text>
          )}
        </>
      )}
      outcomeData={(result) => ({ 'data-created': result.created })}
    />
  );
}
