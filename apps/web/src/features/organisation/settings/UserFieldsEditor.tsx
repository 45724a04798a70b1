import { customFieldKeyOf, LOCALES, type Locale, USER_CUSTOM_FIELDS_MAX, type UserCustomField } from '@kampus/shared';
import { ActionIcon, Button, Group, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { confirmAction } from '../../../components/ConfirmButton.js';

interface UserFieldsEditorProps {
  value: UserCustomField[];
  onChange: (next: UserCustomField[]) => void;
  /** Keys already saved: they are fixed, since people's values are stored under them. */
  savedKeys: ReadonlySet<string>;
  errors: Record<string, string | undefined>;
  /** The language a field is named by in the list when its label is missing in the screen's language. */
  language: Locale;
}

const NAME = 'user_custom_fields';

/** The field's name as this screen shows it: its label in the screen's language, else any label, else its key. */
function displayName(field: UserCustomField, language: Locale): string {
  return field.label[language] || LOCALES.map((code) => field.label[code]).find(Boolean) || field.key;
}

function moved<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  const [item] = next.splice(from, 1);
  if (item !== undefined) next.splice(to, 0, item);
  return next;
}

/**
 * The company's user fields (setting `user_custom_fields`): add, label in the four languages, reorder and remove.
 * A new field's key follows its first label until the admin types one; once saved the key is shown but fixed.
 */
export function UserFieldsEditor({ value, onChange, savedKeys, errors, language }: UserFieldsEditorProps) {
  const { t } = useTranslation();
  const set = (index: number, next: UserCustomField) => onChange(value.map((f, i) => (i === index ? next : f)));
  const setLabel = (index: number, field: UserCustomField, code: Locale, text: string) => {
    const label = { ...field.label, [code]: text };
    // The key keeps following this label while it is still the one made from it (and nothing was saved yet).
    const follows = !savedKeys.has(field.key) && field.key === customFieldKeyOf(field.label[code] ?? '');
    set(index, follows ? { key: customFieldKeyOf(text), label } : { ...field, label });
  };
  const remove = (index: number, field: UserCustomField) =>
    confirmAction({
      title: t('user_fields.remove_title'),
      message: t('user_fields.remove_message', { label: displayName(field, language) }),
      confirmLabel: t('user_fields.remove_confirm'),
      onConfirm: () => onChange(value.filter((_, i) => i !== index)),
    });
  const listError = errors[NAME];
  return (
    <Stack data-testid="user-fields-editor">
      <Stack gap={4}>
        <Title order={3} fz="h5">
          {t('user_fields.title')}
        </Title>
        <Text fz="sm" c="dimmed">
          {t('user_fields.description')}
        </Text>
      </Stack>
      {value.length === 0 && (
        <Text fz="sm" c="dimmed" data-testid="user-fields-empty">
          {t('user_fields.empty')}
        </Text>
      )}
      {value.map((field, index) => {
        const name = displayName(field, language) || t('user_fields.field_title', { position: index + 1 });
        const saved = savedKeys.has(field.key);
        const at = (suffix: string) => errors[`${NAME}.${index}.${suffix}`];
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: a new field has no identity but its place until saved
          <Paper key={index} withBorder radius="md" p="md" data-testid={`user-field-${index}`}>
            <Stack gap="sm">
              <Group justify="space-between" wrap="nowrap">
                <Text fw={600}>{t('user_fields.field_title', { position: index + 1 })}</Text>
                <Group gap={4} wrap="nowrap">
                  <ActionIcon
                    variant="subtle"
                    aria-label={t('user_fields.move_up', { label: name })}
                    disabled={index === 0}
                    onClick={() => onChange(moved(value, index, index - 1))}
                  >
                    <IconArrowUp size={18} aria-hidden />
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    aria-label={t('user_fields.move_down', { label: name })}
                    disabled={index === value.length - 1}
                    onClick={() => onChange(moved(value, index, index + 1))}
                  >
                    <IconArrowDown size={18} aria-hidden />
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    color="danger"
                    aria-label={t('user_fields.remove', { label: name })}
                    onClick={() => remove(index, field)}
                    data-testid={`user-field-remove-${index}`}
                  >
                    <IconTrash size={18} aria-hidden />
                  </ActionIcon>
                </Group>
              </Group>
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                {LOCALES.map((code) => (
                  <TextInput
                    key={code}
                    label={t('user_fields.label', { language: t(`languages.${code}`) })}
                    value={field.label[code] ?? ''}
                    onChange={(event) => setLabel(index, field, code, event.currentTarget.value)}
                    error={code === LOCALES[0] ? at('label') : undefined}
                    data-testid={`user-field-${index}-label-${code}`}
                  />
                ))}
              </SimpleGrid>
              <TextInput
                label={t('user_fields.key')}
                description={saved ? t('user_fields.key_fixed') : t('user_fields.key_hint')}
                value={field.key}
                readOnly={saved}
                variant={saved ? 'filled' : 'default'}
                onChange={(event) => set(index, { ...field, key: event.currentTarget.value })}
                error={at('key')}
                ff="monospace"
                maw={360}
                data-testid={`user-field-${index}-key`}
              />
            </Stack>
          </Paper>
        );
      })}
      {listError && (
        <Text fz="sm" c="danger.8" role="alert">
          {listError}
        </Text>
      )}
      <Group>
        <Button
          variant="light"
          leftSection={<IconPlus size={16} aria-hidden />}
          onClick={() => onChange([...value, { key: '', label: {} }])}
          disabled={value.length >= USER_CUSTOM_FIELDS_MAX}
          data-testid="user-field-add"
        >
          {t('user_fields.add')}
        </Button>
      </Group>
    </Stack>
  );
}
