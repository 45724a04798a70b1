import type { UserGroupRulesInput } from '@kampus/shared';
import { Alert, Group, List, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useRulePreview } from './api.js';

/** How many active users the rules select right now, and the first of them; follows the rules as they change. */
export function RulePreview({ rules }: { rules: UserGroupRulesInput }) {
  const { t } = useTranslation();
  const preview = useRulePreview(rules);
  return (
    <Paper withBorder radius="md" p="md" bg="gray.0" data-testid="group-preview" aria-live="polite">
      <Stack gap="xs">
        <Group gap="xs">
          <Title order={3} fz="md">
            {t('user_groups.preview_title')}
          </Title>
          {preview.isFetching && <Loader size="xs" aria-label={t('resource.loading')} />}
        </Group>
        {preview.idle && (
          <Text fz="sm" c="dimmed" data-testid="group-preview-idle">
            {t('user_groups.preview_need_rule')}
          </Text>
        )}
        {!preview.idle && preview.isError && (
          <Alert color="danger" data-testid="group-preview-error">
            {t('user_groups.preview_failed')}
          </Alert>
        )}
        {!preview.idle && preview.data && (
          <>
            <Text fw={600} data-testid="group-preview-count" data-count={preview.data.count}>
              {preview.data.count === 0
                ? t('user_groups.preview_none')
                : t('user_groups.preview_count', { count: preview.data.count })}
            </Text>
            {preview.data.members.length > 0 && (
              <>
                <Text fz="sm" c="dimmed">
                  {t('user_groups.preview_first', { count: preview.data.members.length })}
                </Text>
                <List size="sm" spacing={2}>
                  {preview.data.members.map((member) => (
                    <List.Item key={member.id}>
                      {member.name} {member.surname}
                      {member.department ? ` · ${member.department}` : ''}
                    </List.Item>
                  ))}
                </List>
              </>
            )}
          </>
        )}
      </Stack>
    </Paper>
  );
}
