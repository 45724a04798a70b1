import type {
  Locale,
  MailEvent,
  MailPreview,
  MailTemplate,
  MailTemplateInput,
  MailTemplateSummary,
} from '@kampus/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/api.js';

const BASE = 'api/admin/mail-templates';
const pathOf = (event: MailEvent, language: Locale) => `${BASE}/${event}/${language}`;

export const mailTemplateKeys = {
  all: ['admin', 'mail-templates'] as const,
  list: ['admin', 'mail-templates', 'list'] as const,
  item: (event: MailEvent, language: Locale) => ['admin', 'mail-templates', 'item', event, language] as const,
  preview: (event: MailEvent, language: Locale, input: MailTemplateInput) =>
    ['admin', 'mail-templates', 'preview', event, language, input] as const,
};

/** `GET api/admin/mail-templates`: every event and, per language, whether the company has its own text. */
export function useMailTemplateList() {
  return useQuery({
    queryKey: mailTemplateKeys.list,
    queryFn: () => http.get<{ data: MailTemplateSummary[] }>(BASE).then((body) => body.data),
  });
}

/** The template in force for one event and language (the company's, else the built-in one). */
export function useMailTemplate(event: MailEvent, language: Locale) {
  return useQuery({
    queryKey: mailTemplateKeys.item(event, language),
    queryFn: () => http.get<{ data: MailTemplate }>(pathOf(event, language)).then((body) => body.data),
  });
}

/**
 * The server's rendering of unsaved text with the sample values; the previous preview stays while the next loads.
 * `input` null (nothing worth asking about yet) asks nothing.
 */
export function useMailPreview(event: MailEvent, language: Locale, input: MailTemplateInput | null) {
  return useQuery({
    queryKey: mailTemplateKeys.preview(event, language, input ?? { subject: '', body: '' }),
    queryFn: () =>
      http.post<{ data: MailPreview }>(`${pathOf(event, language)}/preview`, input).then((body) => body.data),
    enabled: input !== null,
    placeholderData: keepPreviousData,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export const mailTemplatesApi = {
  save: (event: MailEvent, language: Locale, input: MailTemplateInput) =>
    http.put<{ data: MailTemplate }>(pathOf(event, language), input).then((body) => body.data),
  reset: (event: MailEvent, language: Locale) => http.delete<{ message: string }>(pathOf(event, language)),
  sendTest: (event: MailEvent, language: Locale, input: MailTemplateInput) =>
    http.post<{ message: string }>(`${pathOf(event, language)}/test`, input),
};
