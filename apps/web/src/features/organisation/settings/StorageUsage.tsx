import type { StorageUsage } from '@kampus/shared';
import { Group, Progress, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const UNITS = ['byte', 'kilobyte', 'megabyte', 'gigabyte', 'terabyte'] as const;

/** A size in the reader's language and the largest unit that keeps it at 1 or more (1 KB = 1024 bytes, as uploads count). */
export function formatBytes(bytes: number, locale: string): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return new Intl.NumberFormat(locale, {
    style: 'unit',
    unit: UNITS[unit],
    unitDisplay: 'short',
    maximumFractionDigits: unit === 0 ? 0 : 1,
  }).format(value);
}

/** What a company's uploads take of its quota: a bar that turns warning past 80 % and danger past 95 %. */
export function StorageUsageBar({ usage, testId }: { usage: StorageUsage; testId?: string }) {
  const { t, i18n } = useTranslation();
  const percent = Math.min(100, (usage.used_bytes / usage.quota_bytes) * 100);
  const color = percent >= 95 ? 'danger' : percent >= 80 ? 'warning' : 'primary';
  const number = new Intl.NumberFormat(i18n.language);
  return (
    <Stack gap={6} data-testid={testId}>
      <Group justify="space-between" gap="xs">
        <Text size="sm" data-testid={testId && `${testId}-used`}>
          {t('settings.storage.usage', {
            used: formatBytes(usage.used_bytes, i18n.language),
            quota: formatBytes(usage.quota_bytes, i18n.language),
          })}
        </Text>
        <Text size="sm" c="dimmed" data-testid={testId && `${testId}-files`}>
          {t('settings.storage.files', { files: number.format(usage.files) })}
        </Text>
      </Group>
      <Progress value={percent} color={color} aria-label={t('settings.storage.progress_label')} />
    </Stack>
  );
}
