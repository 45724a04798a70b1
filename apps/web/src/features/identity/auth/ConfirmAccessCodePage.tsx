import { Alert, Anchor, Button, PinInput, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { PublicLayout } from '../../../app/layouts/PublicLayout.js';
import { ApiError } from '../../../lib/http.js';
import { sessionStore } from '../../../lib/session.js';
import { STORAGE_KEYS, storage } from '../../../lib/storage.js';
import { authApi, type SmsChallenge } from './api.js';
import { afterLoginPath } from './redirects.js';

/**
 * The 6-digit code sent after a correct password (spec §2.3, §7 api/auth-validation): the company's SMS second
 * factor, or a code by mail once the account has had too many failed sign-ins. The page says where it went.
 */
export default function ConfirmAccessCodePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const state = useLocation().state as (SmsChallenge & { redirect: string | null }) | null;
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (!state?.challenge) return <Navigate to="/login" replace />;

  async function confirm(value: string) {
    if (!/^\d{6}$/.test(value) || !state) return;
    setBusy(true);
    setError(null);
    try {
      const session = await authApi.validateCode(state.challenge, value);
      await sessionStore.signIn(session);
      storage.remove(STORAGE_KEYS.redirect);
      navigate(afterLoginPath(state.redirect), { replace: true });
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : t('general.error_occurred'));
      setCode('');
    } finally {
      setBusy(false);
    }
  }

  return (
    <PublicLayout title={t('auth.code_title')}>
      <Stack>
        {state.channel === 'email' ? (
          <>
            <Text c="dimmed" fz="sm">
              {state.message}
            </Text>
            <Text data-testid="code-hint">{t('auth.code_hint_email', { email: state.phone_hint })}</Text>
          </>
        ) : (
          <Text data-testid="code-hint">{t('auth.code_hint', { phone: state.phone_hint })}</Text>
        )}
        {error && (
          <Alert color="danger" role="alert">
            {error}
          </Alert>
        )}
        <PinInput
          length={6}
          type="number"
          oneTimeCode
          autoFocus
          value={code}
          onChange={setCode}
          onComplete={(value) => void confirm(value)}
          aria-label={t('auth.code_label')}
          data-testid="access-code"
        />
        <Button onClick={() => void confirm(code)} loading={busy} disabled={code.length !== 6} fullWidth>
          {t('auth.code_submit')}
        </Button>
        <Anchor component={Link} to="/login" fz="sm">
          {t('auth.back_to_login')}
        </Anchor>
      </Stack>
    </PublicLayout>
  );
}
