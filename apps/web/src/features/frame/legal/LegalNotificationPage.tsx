import { Button, Divider, Group, Paper, Stack, Title } from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { LegalTextBody, legalTitle, useLegalText } from './LegalText.js';
import './print.css';

/** /legal-notification (User.agreement): the company's personal-data notice and clarification text, printable. */
export default function LegalNotificationPage() {
  const { t } = useTranslation();
  const notice = useLegalText('personal_data_notice');
  const clarification = useLegalText('clarification_text');

  return (
    <Stack maw={860} mx="auto" data-testid="legal-notification">
      <Group justify="space-between">
        <Title order={1} fz="h2">
          {t('legal.page_title')}
        </Title>
        <Button variant="light" leftSection={<IconPrinter size={18} />} onClick={() => window.print()} data-print-hide>
          {t('legal.print')}
        </Button>
      </Group>
      <Paper withBorder radius="lg" p="xl" className="legal-print-sheet">
        <Stack gap="lg">
          <section aria-labelledby="legal-personal-data">
            <Title order={2} fz="h3" mb="md" id="legal-personal-data">
              {legalTitle(notice, t('legal.personal_data_title'))}
            </Title>
            <LegalTextBody text={notice} headingOrder={3} />
          </section>
          <Divider />
          <section aria-labelledby="legal-clarification">
            <Title order={2} fz="h3" mb="md" id="legal-clarification">
              {legalTitle(clarification, t('legal.clarification_title'))}
            </Title>
            <LegalTextBody text={clarification} headingOrder={3} />
          </section>
        </Stack>
      </Paper>
    </Stack>
  );
}
