import { Button, Group, Image, Input, Paper, Stack, Text } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { UploadField } from '../../../components/UploadField.js';

interface LogoFieldProps {
  value: string | null;
  onChange: (url: string | null) => void;
  error?: string;
  /** Shown instead of a logo, as the app frame does. */
  companyName: string;
}

/** The company's logo: the current one, an upload with progress (spec §5) and a way to go back to the name. */
export function LogoField({ value, onChange, error, companyName }: LogoFieldProps) {
  const { t } = useTranslation();
  return (
    <Stack gap="xs">
      <Input.Label>{t('settings.logo_current')}</Input.Label>
      <Group gap="md" align="center">
        <Paper withBorder radius="md" p="xs" miw={140} h={64} style={{ display: 'flex', alignItems: 'center' }}>
          {value ? (
            <Image
              src={value}
              alt={t('settings.logo_alt', { company: companyName })}
              h={44}
              w="auto"
              fit="contain"
              data-testid="logo-image"
            />
          ) : (
            <Text fw={700} c="dimmed" data-testid="logo-none">
              {companyName}
            </Text>
          )}
        </Paper>
        {value && (
          <Button
            variant="subtle"
            color="danger"
            size="xs"
            leftSection={<IconTrash size={14} aria-hidden />}
            onClick={() => onChange(null)}
            data-testid="logo-remove"
          >
            {t('settings.logo_remove')}
          </Button>
        )}
      </Group>
      <UploadField
        kind="logo"
        label={t('settings.logo_upload')}
        onUploaded={(file) => onChange(file.url)}
        error={error}
        testId="logo-upload"
      />
    </Stack>
  );
}
