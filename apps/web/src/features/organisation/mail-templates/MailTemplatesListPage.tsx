import type { Locale, MailTemplateSummary } from '@kampus/shared';
import { Alert, Badge, Button, Center, Group, Loader, Paper, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { pathTo } from '../../../app/route-names.js';
import { EmptyState } from '../../../components/EmptyState.js';
import { PageHeader } from '../../../components/PageHeader.js';
import { useMailTemplateList } from './api.js';

export const editPathOf = (event: string, language: Locale) =>
  pathTo('company.mail-templates.edit', { event, language });

function LanguageLinks({ item }: { item: MailTemplateSummary }) {
  const { t } = useTranslation();
  const eventName = t(`mail_templates.events.${item.event}`);
  return (
    <Group gap="xs" wrap="wrap">
      {item.languages.map(({ language, customized }) => (
        <Button
          key={language}
          component={Link}
          to={editPathOf(item.event, language)}
          size="compact-sm"
          variant={customized ? 'light' : 'default'}
          leftSection={<IconPencil size={14} aria-hidden />}
          rightSection={
            // The body colour on the default badge: Mantine's grey outline text fails WCAG AA contrast.
            <Badge
              size="xs"
              variant={customized ? 'filled' : 'light'}
              color={customized ? 'brand' : 'gray'}
              c={customized ? undefined : 'var(--mantine-color-text)'}
            >
              {t(customized ? 'mail_templates.customized' : 'mail_templates.default')}
            </Badge>
          }
          data-testid={`mail-template-edit-${item.event}-${language}`}
          data-customized={customized}
        >
          {/* Context for screen readers in the content, not an aria-label, so the spoken name still holds the visible code and state (WCAG 2.5.3). */}
          <VisuallyHidden>
            {t('mail_templates.edit_language', { event: eventName, language: t(`languages.${language}`) })}:{' '}
          </VisuallyHidden>
          {language.toUpperCase()}
        </Button>
      ))}
    </Group>
  );
}

/** /admin/mail-templates (read_companysetting): every mail Kampus sends, and which languages the company adapted. */
export default function MailTemplatesListPage() {
  const { t } = useTranslation();
  const list = useMailTemplateList();
  return (
    <Stack>
      <PageHeader description={t('mail_templates.list_description')} />
      {list.isLoading && (
        <Center p="xl">
          <Loader aria-label={t('resource.loading')} />
        </Center>
      )}
      {list.isError && (
        <Alert color="danger" title={t('resource.load_failed')} data-testid="mail-templates-error">
          <Button variant="subtle" onClick={() => void list.refetch()}>
            {t('resource.retry')}
          </Button>
        </Alert>
      )}
      {list.data && list.data.length === 0 && <EmptyState title={t('mail_templates.empty')} />}
      {list.data && list.data.length > 0 && (
        <Paper withBorder radius="lg">
          <Table verticalSpacing="sm" horizontalSpacing="md" data-testid="mail-templates">
            <Table.Thead>
              <Table.Tr>
                <Table.Th w="40%">{t('mail_templates.column_event')}</Table.Th>
                <Table.Th>{t('mail_templates.column_languages')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.data.map((item) => (
                <Table.Tr key={item.event} data-testid={`mail-template-row-${item.event}`}>
                  <Table.Td>
                    <Text fw={600}>{t(`mail_templates.events.${item.event}`)}</Text>
                    <Text fz="sm" c="dimmed">
                      {t(`mail_templates.event_descriptions.${item.event}`)}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <LanguageLinks item={item} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Paper>
      )}
    </Stack>
  );
}
