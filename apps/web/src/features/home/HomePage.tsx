import { Button, List, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCompany } from '../../app/company.js';
import { PublicLayout } from '../../app/layouts/PublicLayout.js';

/** /homepage: a company's welcome page on its host; the product's landing on the marketing host. */
export default function HomePage() {
  const { t } = useTranslation();
  const company = useCompany();
  if (company) {
    return (
      <PublicLayout title={t('home.company_title', { company: company.name })}>
        <Text>{t('home.company_text')}</Text>
        <Button component={Link} to="/login" size="md" data-testid="home-sign-in">
          {t('auth.submit')}
        </Button>
      </PublicLayout>
    );
  }
  return (
    <PublicLayout title={t('home.product_title')}>
      <Stack>
        <Text>{t('home.product_text')}</Text>
        <List spacing="xs">
          <List.Item>{t('home.point_learning')}</List.Item>
          <List.Item>{t('home.point_companies')}</List.Item>
          <List.Item>{t('home.point_reports')}</List.Item>
        </List>
        <Text c="dimmed" fz="sm">
          {t('home.company_address_hint')}
        </Text>
      </Stack>
    </PublicLayout>
  );
}
