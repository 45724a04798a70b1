import { PASSWORD_MIN_LENGTH } from '@kampus/shared';
import { Anchor, PasswordInput, SimpleGrid, Text, TextInput } from '@mantine/core';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';

type FieldProps = { value: string; error?: string; onChange: (event: { currentTarget: { value: string } }) => void };
type Field = (name: 'name' | 'surname' | 'password' | 'password_confirmation') => FieldProps;

/** Name and surname side by side, as both registration forms ask them. */
export function NameFields({ field }: { field: Field }) {
  const { t } = useTranslation();
  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }}>
      <TextInput
        label={t('register.name')}
        autoComplete="given-name"
        autoFocus
        required
        name="name"
        {...field('name')}
      />
      <TextInput
        label={t('register.surname')}
        autoComplete="family-name"
        required
        name="surname"
        {...field('surname')}
      />
    </SimpleGrid>
  );
}

/** A new password with its confirmation and the policy's rule. */
export function NewPasswordFields({ field }: { field: Field }) {
  const { t } = useTranslation();
  return (
    <>
      <PasswordInput
        label={t('auth.password_label')}
        description={t('auth.password_rules', { min: PASSWORD_MIN_LENGTH })}
        autoComplete="new-password"
        required
        name="password"
        {...field('password')}
      />
      <PasswordInput
        label={t('register.password_confirmation')}
        autoComplete="new-password"
        required
        name="password_confirmation"
        {...field('password_confirmation')}
      />
    </>
  );
}

/** Registering means accepting the policies: the note links to them. */
export function ConsentNote() {
  return (
    <Text fz="xs" c="dimmed">
      <Trans i18nKey="register.consent" components={{ policies: <Anchor component={Link} to="/policies" fz="xs" /> }} />
    </Text>
  );
}
