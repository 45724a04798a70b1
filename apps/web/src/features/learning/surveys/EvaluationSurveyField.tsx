import { Loader, Select, SimpleGrid, Switch } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSessionUser } from '../../../lib/session.js';
import { sessionCan } from '../../frame/admin/access.js';
import { evaluationSurveysResource } from './api.js';

const NS = 'evaluationSurveys';

interface Props {
  surveyId: number | null;
  required: boolean;
  onSurveyChange: (id: number | null) => void;
  onRequiredChange: (required: boolean) => void;
  error?: string;
}

/**
 * The education form's evaluation survey (issue 15): which evaluation survey learners fill once they complete the
 * education, and whether certificates wait for it. The choices are the company's active evaluation surveys (read
 * only when the session may list them).
 */
export function EvaluationSurveyField({ surveyId, required, onSurveyChange, onRequiredChange, error }: Props) {
  const { t } = useTranslation();
  const mayList = sessionCan(useSessionUser()?.roles, evaluationSurveysResource.contract.permissions.list);
  const query = useQuery({
    queryKey: [...evaluationSurveysResource.keys.lists, 'education-options'],
    queryFn: () => evaluationSurveysResource.list({ page: 1, per_page: 100, sort: 'title', status: 1 }),
    enabled: mayList,
    staleTime: 30_000,
  });
  const options = (query.data?.data ?? []).map((s) => ({ value: String(s.id), label: s.title }));
  if (surveyId !== null && !options.some((o) => o.value === String(surveyId))) {
    options.push({ value: String(surveyId), label: t(`${NS}.education_field.current`, { id: surveyId }) });
  }
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} data-testid="education-evaluation">
      <Select
        label={t(`${NS}.education_field.label`)}
        description={t(`${NS}.education_field.hint`)}
        placeholder={t(`${NS}.education_field.none`)}
        data={options}
        value={surveyId === null ? null : String(surveyId)}
        onChange={(value) => {
          onSurveyChange(value ? Number(value) : null);
          if (!value) onRequiredChange(false);
        }}
        clearable
        searchable
        disabled={!mayList && surveyId === null}
        rightSection={
          query.isFetching ? <Loader size="xs" role="status" aria-label={t('resource.loading')} /> : undefined
        }
        error={error ?? (query.isError ? t('resource.load_failed') : undefined)}
        data-testid="education-evaluation-survey"
      />
      <Switch
        mt={{ sm: 28 }}
        label={t(`${NS}.education_field.required`)}
        description={t(`${NS}.education_field.required_hint`)}
        checked={required}
        disabled={surveyId === null}
        onChange={(event) => onRequiredChange(event.currentTarget.checked)}
        data-testid="education-evaluation-required"
      />
    </SimpleGrid>
  );
}
