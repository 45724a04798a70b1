import { type PointRule, type PointRuleUpdateInput, pointRuleUpdateSchema } from '@kampus/shared';
import { NumberInput, Paper, SimpleGrid, Stack, Switch, Text, Title } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { pathTo } from '../../../app/route-names.js';
import { ResourceForm } from '../../../components/ResourceForm.js';
import { ActiveStatusSelect } from '../../frame/admin/records/RecordFields.js';
import { RecordFormPage, useRecordSave } from '../../frame/admin/records/RecordFormPage.js';
import { pointRulesResource } from './api.js';

const NS = 'points';
const LIST = pathTo('company.points');

function PointRuleForm({ rule }: { rule: PointRule }) {
  const { t } = useTranslation();
  const save = useRecordSave(pointRulesResource, rule);
  const initial = useMemo<PointRuleUpdateInput>(
    () => ({
      points: rule.points,
      status: rule.status,
      daily_cap: rule.daily_cap,
      scale_by_score: rule.scale_by_score,
    }),
    [rule],
  );
  return (
    <ResourceForm
      schema={pointRuleUpdateSchema}
      initial={initial}
      cancelTo={LIST}
      testId="point-rule-form"
      onSave={(data, mode) => save(data as never, mode)}
    >
      {(form) => (
        <Paper withBorder radius="lg" p="lg">
          <Stack gap="md">
            <div>
              <Title order={2} fz="h4" data-testid="point-rule-kind">
                {t(`${NS}.kinds.${rule.kind}`)}
              </Title>
              <Text c="dimmed" fz="sm">
                {t(`${NS}.kind_hints.${rule.kind}`)}
              </Text>
            </div>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <NumberInput
                label={t(`${NS}.fields.points`)}
                description={t(`${NS}.points_hint`)}
                value={form.values.points ?? ''}
                onChange={(value) => form.setField('points', typeof value === 'number' ? value : (undefined as never))}
                min={0}
                max={10_000}
                allowDecimal={false}
                allowNegative={false}
                required
                error={form.errors.points}
                data-testid="point-rule-points-input"
              />
              <NumberInput
                label={t(`${NS}.fields.daily_cap`)}
                description={t(`${NS}.daily_cap_hint`)}
                value={form.values.daily_cap ?? ''}
                onChange={(value) => form.setField('daily_cap', typeof value === 'number' ? value : null)}
                min={1}
                allowDecimal={false}
                allowNegative={false}
                placeholder={t(`${NS}.no_cap`)}
                error={form.errors.daily_cap}
                data-testid="point-rule-cap-input"
              />
              <ActiveStatusSelect
                namespace={NS}
                value={form.values.status ?? 1}
                onChange={(status) => form.setField('status', status)}
                error={form.errors.status}
                testId="point-rule-status-select"
              />
              {rule.kind === 'exam_passed' && (
                <Switch
                  mt={{ sm: 'xl' }}
                  label={t(`${NS}.fields.scale_by_score`)}
                  description={t(`${NS}.scale_hint`)}
                  checked={form.values.scale_by_score ?? false}
                  onChange={(event) => form.setField('scale_by_score', event.currentTarget.checked)}
                  error={form.errors.scale_by_score}
                  data-testid="point-rule-scale"
                />
              )}
            </SimpleGrid>
          </Stack>
        </Paper>
      )}
    </ResourceForm>
  );
}

/** /admin/point/{id}/update (read_point): a rule's points, daily cap, on/off and, for exams, scaling by score. */
export default function PointRuleFormPage() {
  const { id = null } = useParams();
  return (
    <RecordFormPage resource={pointRulesResource} id={id} testId="point-rule-form">
      {(rule) => (rule ? <PointRuleForm key={rule.id} rule={rule} /> : null)}
    </RecordFormPage>
  );
}
