import { Button, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PublicLayout } from '../../../app/layouts/PublicLayout.js';
import { sessionStore } from '../../../lib/session.js';

/** /403, /404 and /500. */
export default function ErrorPage({ code }: { code: 403 | 404 | 500 }) {
  const { t } = useTranslation();
  const home = sessionStore.isAuthenticated() ? '/dashboard' : '/';
  return (
    <PublicLayout title={t(`error_page.${code}_title`)}>
      <Stack data-testid={`error-${code}`}>
        <Title order={2} fz={56} c="brand.6" aria-hidden="true">
          {code}
        </Title>
        <Text>{t(`error_page.${code}_text`)}</Text>
        <Button component={Link} to={home} variant="light">
          {t('error_page.go_home')}
        </Button>
      </Stack>
    </PublicLayout>
  );
}
