import {
  faqCategoriesContract,
  faqsContract,
  isLocale,
  type Locale,
  type LocalizedText,
  pickLocalized,
} from '@kampus/shared';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useCompany } from '../../../../app/company.js';
import type { ListConfig } from '../../../../lib/list-state.js';
import { contractResource } from '../../../../lib/resource.js';

/** `api/admin/faqs` and `api/admin/faq-categories`. */
export const faqResource = contractResource(faqsContract);
export const faqCategoriesResource = contractResource(faqCategoriesContract);

/** The question list's address state; the category filter takes the company's category ids, or `none`. */
export function faqListConfig(categoryIds: readonly number[]): ListConfig {
  const { listConfig } = faqResource;
  return {
    ...listConfig,
    filters: [
      ...listConfig.filters,
      { kind: 'select', param: 'category_id', options: ['none', ...categoryIds.map(String)] },
    ],
  };
}

/** The company's default language: every text needs it, and it is the fallback when a language is missing. */
export function useDefaultLanguage(): Locale {
  const language = useCompany()?.default_language;
  return isLocale(language) ? language : 'tr';
}

/** A localized text in the interface language, else the company's default, else any language written. */
export function useLocalizedText(): (text: LocalizedText | null | undefined) => string {
  const { i18n } = useTranslation();
  const fallback = useDefaultLanguage();
  const lang = isLocale(i18n.language) ? i18n.language : fallback;
  return (text) => pickLocalized(text, lang, fallback);
}

/** Every category of the company (a company has a handful), for the question form and the list's filter. */
export function useFaqCategories() {
  return useQuery({
    queryKey: [...faqCategoriesResource.keys.lists, 'all'],
    queryFn: async () => (await faqCategoriesResource.list({ per_page: 100, sort: 'order' })).data,
  });
}
