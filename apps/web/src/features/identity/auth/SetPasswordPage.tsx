import { PASSWORD_MIN_LENGTH, resetPasswordSchema } from '@kampus/shared';
import { Alert, Anchor, Button, PasswordInput, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { PublicLayout } from '../../../app/layouts/PublicLayout.js';
import { useSchemaForm } from '../../../lib/form.js';
import { authApi } from './api.js';

/** /reset-password/{token} and /create-password?token=: a single-use link sets a password. */
export default function SetPasswordPage({ mode }: { mode: 'reset' | 'create' }) {
  const { t } = useTranslation();
  const params = useParams();
  const [query] = useSearchParams();
  const token = (mode === 'reset' ? params.token : query.get('token')) ?? '';
  const form = useSchemaForm(resetPasswordSchema, { token, password: '', password_confirmation: '' });
  const [done, setDone] = useState<string | null>(null);
  const send = mode === 'reset' ? authApi.resetPassword : authApi.createPassword;

  return (
    <PublicLayout title={t(mode === 'reset' ? 'auth.reset_title' : 'auth.create_title')}>
      {done ? (
        <Stack>
          <Alert color="success" role="status">
            {done}
          </Alert>
          <Anchor component={Link} to="/login">
            {t('auth.back_to_login')}
          </Anchor>
        </Stack>
      ) : (
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void form.submit(async (data) => setDone((await send(data)).message));
          }}
        >
          <Stack>
            <Text c="dimmed">{t('auth.password_rules', { min: PASSWORD_MIN_LENGTH })}</Text>
            {(form.formError || form.errors.token) && (
              <Alert color="danger">{form.errors.token ?? form.formError}</Alert>
            )}
            <PasswordInput
              label={t('auth.new_password')}
              autoComplete="new-password"
              autoFocus
              {...form.field('password')}
            />
            <PasswordInput
              label={t('auth.confirm_password')}
              autoComplete="new-password"
              {...form.field('password_confirmation')}
            />
            <Button type="submit" loading={form.submitting} fullWidth>
              {t(mode === 'reset' ? 'auth.reset_submit' : 'auth.create_submit')}
            </Button>
          </Stack>
        </form>
      )}
    </PublicLayout>
  );
}
