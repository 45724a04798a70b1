import { LOCALES, type LocalizedText } from '@kampus/shared';
import { Badge, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The languages a record is written in (every text given has it), as short badges: a missing translation shows. */
export function FilledLanguages({ texts }: { texts: LocalizedText[] }) {
  const { t } = useTranslation();
  return (
    <Group gap={4} wrap="nowrap">
      {LOCALES.map((lang) => {
        const filled = texts.every((text) => Boolean(text[lang]));
        return (
          <Badge
            key={lang}
            size="xs"
            variant={filled ? 'light' : 'default'}
            title={`${t(`languages.${lang}`)}: ${t(filled ? 'faq.language_filled' : 'faq.language_empty')}`}
            data-filled={filled}
          >
            {lang.toUpperCase()}
          </Badge>
        );
      })}
    </Group>
  );
}
