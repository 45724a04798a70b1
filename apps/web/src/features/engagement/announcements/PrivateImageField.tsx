import { Button, Group, Image, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { UploadField } from '../../../components/UploadField.js';

interface PrivateImageFieldProps {
  namespace: string;
  /** The stored address the form holds (unsigned), or null. */
  value: string | null;
  /** The record's stored address and its signed address as the server answered them: the preview while unchanged. */
  saved: { url: string | null; src: string | null };
  onChange: (url: string | null) => void;
  onBusyChange: (busy: boolean) => void;
  error?: string;
  description: string;
  removable: boolean;
  testId: string;
}

/**
 * An image only a record's audience may see (`private_image`): uploaded, then shown through the signed address the
 * server gives with the saved record. A new upload's private address cannot be shown before it is saved: its name
 * is shown instead.
 */
export function PrivateImageField(props: PrivateImageFieldProps) {
  const { t } = useTranslation();
  const { namespace: ns, value, saved } = props;
  const preview = value !== null && value === saved.url ? saved.src : null;
  return (
    <Stack gap="xs">
      <UploadField
        kind="private_image"
        label={t(`${ns}.fields.image_url`)}
        onUploaded={(file) => props.onChange(file.url)}
        onBusyChange={props.onBusyChange}
        error={props.error}
        testId={props.testId}
      />
      <Text fz="xs" c="dimmed">
        {props.description}
      </Text>
      {preview && (
        <Group gap="sm" align="flex-end">
          <Image src={preview} alt={t(`${ns}.image_alt`)} maw={320} h={120} radius="md" fit="cover" />
          {props.removable && (
            <Button variant="subtle" color="danger" size="xs" onClick={() => props.onChange(null)}>
              {t(`${ns}.image_remove`)}
            </Button>
          )}
        </Group>
      )}
    </Stack>
  );
}
