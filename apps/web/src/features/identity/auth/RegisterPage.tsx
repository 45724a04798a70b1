import { registerSchema } from '@kampus/shared';
import { Alert, Anchor, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PublicLayout } from '../../../app/layouts/PublicLayout.js';
import { useSchemaForm } from '../../../lib/form.js';
import { useLoginOptions } from './login-options.js';
import { onboardingApi } from './onboarding-api.js';
import { ConsentNote, NameFields, NewPasswordFields } from './RegistrationFields.js';

function BackToLogin() {
  const { t } = useTranslation();
  return (
    <Anchor component={Link} to="/login" fz="sm">
      {t('register.have_account')}
    </Anchor>
  );
}

/** Self-registration is a company's choice: elsewhere the page says so and points to sign-in. */
function RegistrationClosed({ onMarketingHost }: { onMarketingHost: boolean }) {
  const { t } = useTranslation();
  return (
    <PublicLayout title={t('register.title')}>
      <Alert color="info" data-testid="register-closed">
        {t(onMarketingHost ? 'register.company_only' : 'register.closed')}
      </Alert>
      {onMarketingHost ? (
        <Anchor component={Link} to="/homepage" fz="sm">
          {t('register.find_company')}
        </Anchor>
      ) : (
        <BackToLogin />
      )}
    </PublicLayout>
  );
}

/** /register: name, surname, email, optional phone and a password; the server mails a verification link. */
function RegisterForm({ requiresApproval }: { requiresApproval: boolean }) {
  const { t } = useTranslation();
  const form = useSchemaForm(registerSchema, {
    name: '',
    surname: '',
    email: '',
    phone: '',
    password: '',
    password_confirmation: '',
  });
  const [done, setDone] = useState<string | null>(null);

  if (done) {
    return (
      <PublicLayout title={t('register.title')}>
        <Alert color="success" role="status" data-testid="register-done">
          {done}
        </Alert>
        <BackToLogin />
      </PublicLayout>
    );
  }

  return (
    <PublicLayout title={t('register.title')} width={520}>
      <form
        data-testid="register-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void form.submit(async (data) => setDone((await onboardingApi.register(data)).message));
        }}
      >
        <Stack>
          <Text c="dimmed">{t(requiresApproval ? 'register.intro_approval' : 'register.intro')}</Text>
          {form.formError && (
            <Alert color="danger" role="alert">
              {form.formError}
            </Alert>
          )}
          <NameFields field={form.field} />
          <TextInput
            type="email"
            label={t('register.email')}
            autoComplete="email"
            required
            name="email"
            {...form.field('email')}
          />
          <TextInput
            type="tel"
            label={t('register.phone')}
            description={t('register.optional')}
            autoComplete="tel"
            name="phone"
            {...form.field('phone')}
          />
          <NewPasswordFields field={form.field} />
          <ConsentNote />
          <Button type="submit" loading={form.submitting} fullWidth>
            {t('register.submit')}
          </Button>
          <Group justify="center">
            <BackToLogin />
          </Group>
        </Stack>
      </form>
    </PublicLayout>
  );
}

export default function RegisterPage() {
  const options = useLoginOptions();
  if (!options?.self_registration) return <RegistrationClosed onMarketingHost={options === null} />;
  return <RegisterForm requiresApproval={options.self_registration_requires_approval} />;
}
