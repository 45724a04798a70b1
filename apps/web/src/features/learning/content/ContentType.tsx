import { CONTENT_TYPES, type ContentType } from '@kampus/shared';
import { Group, Text, ThemeIcon } from '@mantine/core';
import { type Icon, IconArticle, IconFileText, IconLink, IconMovie, IconPackage } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

const TYPE_ICONS: Record<ContentType, Icon> = {
  video: IconMovie,
  document: IconFileText,
  scorm: IconPackage,
  link: IconLink,
  page: IconArticle,
};

const TYPE_COLORS: Record<ContentType, string> = {
  video: 'grape',
  document: 'blue',
  scorm: 'orange',
  link: 'teal',
  page: 'cyan',
};

/** A content type's icon; the label beside it (or the row's text) names it, so the icon itself is hidden. */
export function ContentTypeIcon({ type, size = 28 }: { type: ContentType; size?: number }) {
  const TypeIcon = TYPE_ICONS[type];
  return (
    <ThemeIcon variant="light" color={TYPE_COLORS[type]} size={size} radius="md" aria-hidden>
      <TypeIcon size={Math.round(size * 0.62)} />
    </ThemeIcon>
  );
}

/** The icon and the type's name, as a list's type column shows it. */
export function ContentTypeLabel({ type }: { type: ContentType }) {
  const { t } = useTranslation();
  return (
    <Group gap={6} wrap="nowrap" data-testid="content-type" data-type={type}>
      <ContentTypeIcon type={type} size={22} />
      <Text fz="sm">{t(`content.types.${type}`)}</Text>
    </Group>
  );
}

/** The options of a type select or filter, in the contract's order. */
export function useContentTypeOptions() {
  const { t } = useTranslation();
  return useMemo(() => CONTENT_TYPES.map((type) => ({ value: type, label: t(`content.types.${type}`) })), [t]);
}

/** Seconds as `h:mm:ss` or `m:ss`, the way players show a length; null for none. */
export function formatDuration(seconds: number | null | undefined): string | null {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds) || seconds < 0) return null;
  const whole = Math.round(seconds);
  const hours = Math.floor(whole / 3600);
  const minutes = Math.floor((whole % 3600) / 60);
  const rest = String(whole % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${rest}` : `${minutes}:${rest}`;
}
