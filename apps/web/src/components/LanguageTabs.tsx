import { LOCALES, type Locale } from '@kampus/shared';
import { Badge, Group, Tabs, Text, TextInput } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface LanguageTabsProps {
  /** Whether something is written in a language (a dot on its tab). */
  isFilled: (lang: Locale) => boolean;
  /** Whether a language's fields carry an error (its tab turns red). */
  hasError: (lang: Locale) => boolean;
  defaultLanguage: Locale;
  testId: string;
  children: (lang: Locale) => ReactNode;
}

/**
 * The four languages of a localized form as tabs, the company's default language first and marked; each tab says
 * whether it is written and shows an error, so a missing translation is seen without opening every tab.
 */
export function LanguageTabs({ isFilled, hasError, defaultLanguage, testId, children }: LanguageTabsProps) {
  const { t } = useTranslation();
  const order = [defaultLanguage, ...LOCALES.filter((lang) => lang !== defaultLanguage)];
  return (
    <Tabs defaultValue={defaultLanguage} keepMounted={false} data-testid={testId}>
      <Tabs.List aria-label={t('faq.languages_label')}>
        {order.map((lang) => (
          <Tabs.Tab
            key={lang}
            value={lang}
            color={hasError(lang) ? 'danger' : undefined}
            data-testid={`${testId}-tab-${lang}`}
            data-filled={isFilled(lang)}
            rightSection={
              <Group gap={4} wrap="nowrap">
                {lang === defaultLanguage && (
                  <Badge size="xs" variant="light">
                    {t('faq.default_language')}
                  </Badge>
                )}
                <Text
                  component="span"
                  fz="xs"
                  c={hasError(lang) ? 'danger' : isFilled(lang) ? 'success' : 'dimmed'}
                  aria-label={t(isFilled(lang) ? 'faq.language_filled' : 'faq.language_empty')}
                >
                  {isFilled(lang) ? '●' : '○'}
                </Text>
              </Group>
            }
          >
            {t(`languages.${lang}`)}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {order.map((lang) => (
        <Tabs.Panel key={lang} value={lang} pt="md">
          {children(lang)}
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}

/** A localized text as the form edits it: every language present, empty when not written. */
export type LocalizedDraft = Record<Locale, string>;

export const draftOf = (text: Partial<Record<Locale, string>> | null | undefined): LocalizedDraft =>
  Object.fromEntries(LOCALES.map((lang) => [lang, text?.[lang] ?? ''])) as LocalizedDraft;

interface LocalizedNameFieldProps {
  /** The field's name, without the language (the tabs add it). */
  label: string;
  value: Partial<Record<Locale, string>> | null | undefined;
  onChange: (value: LocalizedDraft) => void;
  /** The whole field's error (no language written) and each language's, as the form keys them (`names.en`). */
  error: string | undefined;
  languageError: (lang: Locale) => string | undefined;
  defaultLanguage: Locale;
  /** `<testId>-languages` for the tabs, `<testId>-name-<lang>` for each input. */
  testId: string;
}

/** A name written in the four languages, one tab each; the company's default language is required. */
export function LocalizedNameField({
  label,
  value,
  onChange,
  error,
  languageError,
  defaultLanguage,
  testId,
}: LocalizedNameFieldProps) {
  const { t } = useTranslation();
  const names = draftOf(value);
  return (
    <>
      <LanguageTabs
        testId={`${testId}-languages`}
        defaultLanguage={defaultLanguage}
        isFilled={(lang) => names[lang].trim() !== ''}
        hasError={(lang) => Boolean(languageError(lang))}
      >
        {(lang) => (
          <TextInput
            label={`${label} (${t(`languages.${lang}`)})`}
            required={lang === defaultLanguage}
            value={names[lang]}
            onChange={(event) => onChange({ ...names, [lang]: event.currentTarget.value })}
            error={languageError(lang)}
            autoComplete="off"
            data-testid={`${testId}-name-${lang}`}
          />
        )}
      </LanguageTabs>
      {error && (
        <Text c="danger" fz="sm" role="alert">
          {error}
        </Text>
      )}
    </>
  );
}
