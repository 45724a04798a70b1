import {
  QUESTION_IMPORT_ACCEPT,
  QUESTION_IMPORT_COLUMNS,
  QUESTION_IMPORT_MAX_BYTES,
  type QuestionImportResult,
} from '@kampus/shared';
import { Badge, List, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { pathTo } from '../../../app/route-names.js';
import { ImportPage } from '../../../components/ImportPage.js';
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

/**
 * /admin/question/import (create_exam): download the template (columns explained, an example of every type), pick a
 * file, see a dry run (the summary, the questions to be written and every bad row with its reason), then import the
 * valid rows.
 */
export default function QuestionImportPage() {
  const { t } = useTranslation();
  return (
    <ImportPage<QuestionImportResult>
      ns={NS}
      templates={TEMPLATES}
      accept={QUESTION_IMPORT_ACCEPT}
      maxBytes={QUESTION_IMPORT_MAX_BYTES}
      columns={QUESTION_IMPORT_COLUMNS}
      send={importQuestions}
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
