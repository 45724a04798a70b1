import { forgotPasswordSchema } from '@kampus/shared';
import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PublicLayout } from '../../../app/layouts/PublicLayout.js';
import { useSchemaForm } from '../../../lib/form.js';
import { authApi } from './api.js';

/** Asks for a reset link; the answer is the same whether or not the account exists. */
export default function ForgotPasswordPage() {
  const { t } = useTranslation();
  const form = useSchemaForm(forgotPasswordSchema, { username: '' });
  const [sent, setSent] = useState<string | null>(null);

  return (
    <PublicLayout title={t('auth.forgot_title')}>
      {sent ? (
        <Alert color="success" role="status" data-testid="forgot-sent">
          {sent}
        </Alert>
      ) : (
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void form.submit(async ({ username }) => setSent((await authApi.forgotPassword(username)).message));
          }}
        >
          <Stack>
            <Text c="dimmed">{t('auth.forgot_hint')}</Text>
            {form.formError && <Alert color="danger">{form.formError}</Alert>}
            <TextInput label={t('auth.forgot_label')} autoComplete="username" autoFocus {...form.field('username')} />
            <Button type="submit" loading={form.submitting} fullWidth>
              {t('auth.forgot_submit')}
            </Button>
          </Stack>
        </form>
      )}
      <Anchor component={Link} to="/login" fz="sm">
        {t('auth.back_to_login')}
      </Anchor>
    </PublicLayout>
  );
}
