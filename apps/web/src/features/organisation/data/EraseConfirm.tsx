import { Alert, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { i18next } from '../../../lib/i18n.js';

/** Typed names are compared without case or surrounding spaces, Turkish capitals included. */
export function matchesName(typed: string, expected: string): boolean {
  const fold = (text: string) => text.trim().replace(/\s+/g, ' ').toLocaleLowerCase('tr');
  return fold(typed) !== '' && fold(typed) === fold(expected);
}

function EraseConfirmBody({
  name,
  label,
  onConfirm,
  onCancel,
}: {
  name: string;
  label: string;
  onConfirm: () => Promise<unknown>;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const [running, setRunning] = useState(false);
  const confirm = async () => {
    setRunning(true);
    try {
      await onConfirm();
    } finally {
      setRunning(false);
    }
  };
  return (
    <Stack>
      <Alert color="danger" icon={<IconAlertTriangle size={18} aria-hidden />}>
        <Text fz="sm">{t('data.erase_text', { name, label })}</Text>
      </Alert>
      <TextInput
        label={t('data.erase_type', { name })}
        value={typed}
        onChange={(event) => setTyped(event.currentTarget.value)}
        autoComplete="off"
        data-autofocus
        data-testid="erase-confirm-name"
      />
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel} data-testid="confirm-cancel">
          {t('resource.cancel')}
        </Button>
        <Button
          color="danger"
          disabled={!matchesName(typed, name)}
          loading={running}
          onClick={() => void confirm()}
          data-testid="erase-confirm-accept"
        >
          {t('data.erase_confirm')}
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * Erasure cannot be undone, so a plain "are you sure" is not enough: the person's full name must be typed before the
 * red button wakes up. The dialog closes once `onConfirm` has succeeded.
 */
export function confirmErasure(options: { name: string; label: string; onConfirm: () => Promise<unknown> }) {
  const id = modals.open({
    title: i18next.t('data.erase_title'),
    centered: true,
    children: (
      <EraseConfirmBody
        name={options.name}
        label={options.label}
        onConfirm={async () => {
          await options.onConfirm();
          modals.close(id);
        }}
        onCancel={() => modals.close(id)}
      />
    ),
  });
}
