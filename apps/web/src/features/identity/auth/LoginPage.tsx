import { DEFAULT_LOGIN_OPTIONS, type TokenRequest } from '@kampus/shared';
import { Alert, Anchor, Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { PublicLayout } from '../../../app/layouts/PublicLayout.js';
import { type FormCheck, type FormIssue, useForm } from '../../../lib/form.js';
import { sessionStore } from '../../../lib/session.js';
import { STORAGE_KEYS, storage } from '../../../lib/storage.js';
import { authApi, isSmsChallenge } from './api.js';
import { useLoginOptions } from './login-options.js';
import { afterLoginPath } from './redirects.js';

type LoginFields = Pick<TokenRequest, 'username' | 'password'>;

const required = (name: keyof LoginFields): FormIssue => ({ path: [name], message: '', code: 'too_small', minimum: 1 });

/**
 * Both fields filled in, as tokenRequestSchema asks; checked by hand so the sign-in page loads no zod (issue 11).
 * The server checks the request with the schema itself.
 */
const loginForm: FormCheck<LoginFields, LoginFields> = {
  safeParse({ username, password }) {
    const data = { username: username.trim(), password };
    const issues = [...(data.username ? [] : [required('username')]), ...(password ? [] : [required('password')])];
    return issues.length > 0 ? { success: false, error: { issues } } : { success: true, data };
  },
};

/** Sign in with any identifier the company allows (spec §2.3); a redirect query is honoured. */
export default function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const options = useLoginOptions() ?? DEFAULT_LOGIN_OPTIONS;
  const form = useForm(loginForm, { username: '', password: '' });
  // The query names where to go back to; without one, the address saved when the visitor was sent here.
  const redirect = params.get('redirect') ?? storage.get<string>(STORAGE_KEYS.redirect);

  const onSubmit = () =>
    form.submit(async ({ username, password }) => {
      const answer = await authApi.login(username, password);
      if (isSmsChallenge(answer)) {
        navigate('/confirm-access-code', { state: { ...answer, redirect } });
        return;
      }
      await sessionStore.signIn(answer);
      storage.remove(STORAGE_KEYS.redirect);
      navigate(afterLoginPath(redirect), { replace: true });
    });

  return (
    <PublicLayout title={t('auth.login_title')}>
      <form
        data-testid="login-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void onSubmit();
        }}
      >
        <Stack>
          {form.formError && (
            <Alert color="danger" role="alert" data-testid="login-error">
              {form.formError}
            </Alert>
          )}
          <TextInput
            label={options.identifiers.map((id) => t(`identifiers.${id}`)).join(' / ')}
            autoComplete="username"
            autoFocus
            name="username"
            {...form.field('username')}
          />
          <PasswordInput
            label={t('auth.password_label')}
            autoComplete="current-password"
            name="password"
            {...form.field('password')}
          />
          <Group justify="space-between">
            <Anchor component={Link} to="/forgot-password" fz="sm">
              {t('auth.forgot_link')}
            </Anchor>
            {options.self_registration && (
              <Anchor component={Link} to="/register" fz="sm" data-testid="login-register">
                {t('register.link')}
              </Anchor>
            )}
          </Group>
          <Button type="submit" loading={form.submitting} fullWidth>
            {t('auth.submit')}
          </Button>
          <Anchor component={Link} to="/policies" fz="xs" c="dimmed" ta="center">
            {t('policies.link')}
          </Anchor>
        </Stack>
      </form>
    </PublicLayout>
  );
}
