import {
  Alert,
  Button,
  Center,
  Fieldset,
  Group,
  Loader,
  Paper,
  PasswordInput,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { UploadField } from '../../../components/UploadField.js';
import { UserAvatar } from '../../../components/UserAvatar.js';
import { useSchemaForm } from '../../../lib/form.js';
import { LeaveGuardModal, useLeaveGuard } from '../../../lib/leave-guard.js';
import { type Profile, useProfile, useUpdateProfile } from './api.js';
import { formValuesOf, isDirty, profileFormSchema } from './form.js';

function ProfileForm({ profile }: { profile: Profile }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const initial = useMemo(() => formValuesOf(profile), [profile]);
  const form = useSchemaForm(
    useMemo(() => profileFormSchema(profile), [profile]),
    initial,
  );
  const update = useUpdateProfile();
  const [uploading, setUploading] = useState(false);
  const dirty = isDirty(form.values, initial);
  // Read by the guard at navigation time; a saved form leaves without asking.
  const state = useRef({ dirty, saved: false });
  state.current.dirty = dirty;
  const shouldAsk = useMemo(() => () => state.current.dirty && !state.current.saved, []);
  const blocker = useLeaveGuard(shouldAsk);

  const onSubmit = () =>
    form.submit(async (body) => {
      await update.mutateAsync(body);
      state.current.saved = true;
      notifications.show({ color: 'success', message: t('profile.saved') });
      navigate('/profile');
    });

  // Through the field's own change handler, so a server error about the previous photo goes with it.
  const setImage = (image: string) => form.field('image').onChange({ currentTarget: { value: image } });
  return (
    <form
      noValidate
      data-testid="profile-form"
      onSubmit={(event) => {
        event.preventDefault();
        void onSubmit();
      }}
    >
      <Stack>
        {form.formError && (
          <Alert color="danger" role="alert" data-testid="profile-form-error">
            {form.formError}
          </Alert>
        )}
        <Paper withBorder radius="lg" p="xl">
          <Stack>
            <Group align="flex-start" gap="lg" wrap="nowrap">
              <UserAvatar
                photo={form.values.image || null}
                size={80}
                alt={t('profile.photo_of', { name: profile.name })}
                data-testid="profile-photo-preview"
              />
              <Stack gap="xs" flex={1}>
                <UploadField
                  kind="avatar"
                  label={t('profile.photo')}
                  onUploaded={(file) => setImage(file.url)}
                  onBusyChange={setUploading}
                  error={form.errors.image}
                  testId="profile-photo"
                />
                {form.values.image !== '' && (
                  <Group>
                    <Button variant="subtle" color="danger" size="xs" onClick={() => setImage('')}>
                      {t('profile.remove_photo')}
                    </Button>
                  </Group>
                )}
              </Stack>
            </Group>
            <TextInput
              label={t('profile.email')}
              type="email"
              name="email"
              autoComplete="email"
              {...form.field('email')}
            />
            <TextInput
              label={t('profile.username')}
              name="username"
              autoComplete="username"
              description={t('profile.username_hint')}
              {...form.field('username')}
            />
            <Textarea
              label={t('profile.bio')}
              name="bio"
              autosize
              minRows={3}
              maxLength={1000}
              {...form.field('bio')}
            />
          </Stack>
        </Paper>
        <Paper withBorder radius="lg" p="xl">
          <Fieldset
            legend={
              <Title order={2} fz="h4">
                {t('profile.password_section')}
              </Title>
            }
            variant="unstyled"
          >
            <Stack>
              <Text fz="sm" c="dimmed">
                {t('profile.password_hint')}
              </Text>
              <PasswordInput
                label={t('profile.current_password')}
                name="current_password"
                autoComplete="current-password"
                {...form.field('current_password')}
              />
              <PasswordInput
                label={t('profile.new_password')}
                name="password"
                autoComplete="new-password"
                {...form.field('password')}
              />
              <PasswordInput
                label={t('profile.confirm_password')}
                name="password_confirmation"
                autoComplete="new-password"
                {...form.field('password_confirmation')}
              />
            </Stack>
          </Fieldset>
        </Paper>
        <Group justify="flex-end">
          <Button component={Link} to="/profile" variant="default">
            {t('profile.cancel')}
          </Button>
          <Button type="submit" loading={form.submitting} disabled={uploading} data-testid="profile-save">
            {t('profile.save')}
          </Button>
        </Group>
      </Stack>
      <LeaveGuardModal
        blocker={blocker}
        title={t('profile.unsaved_title')}
        text={t('profile.unsaved_text')}
        stayLabel={t('profile.stay')}
        leaveLabel={t('profile.leave')}
        testId="profile-leave-guard"
      />
    </form>
  );
}

/** /update-profile: email, username, bio, photo and, optionally, a new password (PUT api/user). */
export default function EditProfilePage() {
  const { t } = useTranslation();
  const query = useProfile();
  return (
    <Stack maw={860} mx="auto">
      <Title order={1} fz="h2">
        {t('profile.edit_title')}
      </Title>
      {query.isLoading && (
        <Center p="xl">
          <Loader aria-label={t('profile.loading')} />
        </Center>
      )}
      {query.isError && (
        <Alert color="danger" title={t('profile.load_failed')} data-testid="profile-error">
          <Button variant="subtle" onClick={() => void query.refetch()}>
            {t('profile.retry')}
          </Button>
        </Alert>
      )}
      {query.data && <ProfileForm key={query.data.id} profile={query.data} />}
    </Stack>
  );
}
