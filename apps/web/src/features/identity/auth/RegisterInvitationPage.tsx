import { registerInvitationSchema } from '@kampus/shared';
import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { useCompany } from '../../../app/company.js';
import { PublicLayout } from '../../../app/layouts/PublicLayout.js';
import { useSchemaForm } from '../../../lib/form.js';
import { sessionStore } from '../../../lib/session.js';
import { invitationState } from './invitation.js';
import { onboardingApi } from './onboarding-api.js';
import { ConsentNote, NameFields, NewPasswordFields } from './RegistrationFields.js';

function UnusableInvitation({ kind }: { kind: 'invalid' | 'expired' }) {
  const { t } = useTranslation();
  return (
    <PublicLayout title={t('register.invitation_title')}>
      <Alert color="danger" role="alert" data-testid={`invitation-${kind}`}>
        {t(`register.invitation_${kind}`)}
      </Alert>
      <Anchor component={Link} to="/login" fz="sm">
        {t('auth.back_to_login')}
      </Anchor>
    </PublicLayout>
  );
}

/** The invited person chooses a name and a password; the link proves the address, so they are signed in at once. */
function InvitationForm({ params, email }: { params: string; email: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const form = useSchemaForm(registerInvitationSchema, {
    params,
    name: '',
    surname: '',
    password: '',
    password_confirmation: '',
  });

  const onSubmit = () =>
    form.submit(async (data) => {
      await sessionStore.signIn(await onboardingApi.registerByInvitation(data));
      navigate('/dashboard', { replace: true });
    });

  // The link itself (bad signature, already used, address taken) is reported on `params`, which has no field.
  const linkError = form.errors.params ?? form.formError;
  return (
    <PublicLayout title={t('register.invitation_title')} width={520}>
      <form
        data-testid="invitation-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void onSubmit();
        }}
      >
        <Stack>
          <Text data-testid="invitation-email">
            <Trans i18nKey="register.invitation_for" values={{ email }} components={{ strong: <strong /> }} />
          </Text>
          {linkError && (
            <Alert color="danger" role="alert" data-testid="invitation-error">
              {linkError}
            </Alert>
          )}
          <TextInput label={t('register.email')} value={email} readOnly autoComplete="email" />
          <NameFields field={form.field} />
          <NewPasswordFields field={form.field} />
          <ConsentNote />
          <Button type="submit" loading={form.submitting} fullWidth>
            {t('register.invitation_submit')}
          </Button>
        </Stack>
      </form>
    </PublicLayout>
  );
}

/** /register-invitation/{payload}.{HMAC} */
export default function RegisterInvitationPage() {
  const { params = '' } = useParams();
  const company = useCompany();
  const state = invitationState(params, company?.id ?? null);
  if (state.kind !== 'valid') return <UnusableInvitation kind={state.kind} />;
  return <InvitationForm params={params} email={state.email} />;
}
