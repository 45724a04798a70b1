import { emailVerificationSchema } from '@kampus/shared';
import { Alert, Button, Center, Loader, Stack } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { PublicLayout } from '../../../app/layouts/PublicLayout.js';
import { sessionStore } from '../../../lib/session.js';
import { onboardingApi } from './onboarding-api.js';

/** Where to continue: a signed-in person goes back to the dashboard, anyone else to sign-in. */
function NextStep() {
  const { t } = useTranslation();
  const signedIn = sessionStore.isAuthenticated();
  return (
    <Button component={Link} to={signedIn ? '/dashboard' : '/login'} variant="light" fullWidth>
      {t(signedIn ? 'register.to_dashboard' : 'register.to_login')}
    </Button>
  );
}

/** /email-verification?token=…: the mailed link verifies the address as soon as the page opens. */
export default function EmailVerificationPage() {
  const { t } = useTranslation();
  const [query] = useSearchParams();
  const token = query.get('token') ?? '';
  const wellFormed = emailVerificationSchema.safeParse({ token }).success;
  const verify = useMutation({ mutationFn: onboardingApi.verifyEmail });
  const { mutate } = verify;
  // The token is single-use: StrictMode's second effect run must not send it again and turn success into an error.
  const sent = useRef(false);

  useEffect(() => {
    if (!wellFormed || sent.current) return;
    sent.current = true;
    mutate({ token });
  }, [wellFormed, token, mutate]);

  const failure = !wellFormed ? t('errors.link_invalid') : verify.isError ? verify.error.message : null;
  return (
    <PublicLayout title={t('register.verification_title')}>
      {failure ? (
        <Stack>
          <Alert color="danger" role="alert" data-testid="verification-error">
            {failure}
          </Alert>
          <NextStep />
        </Stack>
      ) : verify.isSuccess ? (
        <Stack>
          <Alert color="success" role="status" data-testid="verification-done">
            {verify.data.message}
          </Alert>
          <NextStep />
        </Stack>
      ) : (
        <Center py="lg">
          <Loader aria-label={t('register.verifying')} />
        </Center>
      )}
    </PublicLayout>
  );
}
