import { findUnsafeText, UNSAFE_TEXT_MESSAGE } from '@kampus/shared';
import { useState } from 'react';
import type { z } from 'zod';
import { ApiError } from './http.js';
import { i18next } from './i18n.js';

type Errors = Record<string, string>;

/** A problem with one field, as a zod issue describes it. */
export interface FormIssue {
  path: PropertyKey[];
  message: string;
  code?: string;
  minimum?: unknown;
}

/**
 * What checks a form's values before they are sent: a shared zod schema, or on the sign-in page a check by hand that
 * keeps zod off its byte budget (issue 11).
 */
export interface FormCheck<In, Out> {
  safeParse(values: In): { success: true; data: Out } | { success: false; error: { issues: FormIssue[] } };
}

/** Translates a shared schema's message key (validation.*, or a feature's own key such as users.*). */
function translateIssue(issue: FormIssue): string {
  const message = issue.message;
  if (i18next.exists(message)) return i18next.t(message, issue as unknown as Record<string, unknown>);
  if (issue.code === 'too_small' && issue.minimum === 1) return i18next.t('validation.required');
  return i18next.t('validation.invalid');
}

/** A zod schema as the form's check, its input the form's values and its output what is sent. */
export function useSchemaForm<S extends z.ZodType<Record<string, unknown>>>(schema: S, initial: z.input<S>) {
  return useForm<z.input<S>, z.output<S>>(schema as FormCheck<z.input<S>, z.output<S>>, initial);
}

/**
 * Form state checked before sending (by a shared zod schema, see useSchemaForm), and the server's 422 field errors shown on the same
 * fields after; any other failure becomes the form's general error.
 */
export function useForm<In, Out>(schema: FormCheck<In, Out>, initial: In) {
  const [values, setValues] = useState<In>(initial);
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const field = (name: keyof In & string) => ({
    value: String((values as Record<string, unknown>)[name] ?? ''),
    error: errors[name],
    onChange: (event: { currentTarget: { value: string } }) => {
      const value = event.currentTarget.value;
      setValues((current) => ({ ...(current as Record<string, unknown>), [name]: value }) as In);
      setErrors(({ [name]: _removed, ...rest }) => rest);
    },
  });

  /** Sets a field of any type (a select's value, a list, a date) and clears its error, as typing does. */
  function setField<K extends keyof In & string>(name: K, value: In[K]) {
    setValues((current) => ({ ...(current as Record<string, unknown>), [name]: value }) as In);
    setErrors((current) => {
      const rest = { ...current };
      for (const key of Object.keys(rest)) if (key === name || key.startsWith(`${name}.`)) delete rest[key];
      return rest;
    });
  }

  async function submit(send: (data: Out) => Promise<void>) {
    setFormError(null);
    // Every field of every form, as the server's input guard does: a NUL or a broken symbol cannot be stored.
    const unsafe = findUnsafeText(values);
    if (unsafe.length > 0) {
      setErrors(Object.fromEntries(unsafe.map((path) => [path.join('.'), i18next.t(UNSAFE_TEXT_MESSAGE)])));
      return;
    }
    const parsed = schema.safeParse(values);
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((issue) => [issue.path.join('.'), translateIssue(issue)])));
      return;
    }
    setSubmitting(true);
    try {
      await send(parsed.data);
    } catch (error) {
      if (error instanceof ApiError && Object.keys(error.fieldErrors).length > 0) {
        setErrors(Object.fromEntries(Object.entries(error.fieldErrors).map(([key, list]) => [key, list[0] ?? ''])));
        const unplaced = Object.keys(error.fieldErrors).filter((key) => !(key in (values as object)));
        if (unplaced.length > 0) setFormError(error.message);
      } else {
        setFormError(error instanceof Error ? error.message : i18next.t('general.error_occurred'));
      }
    } finally {
      setSubmitting(false);
    }
  }

  return { values, setValues, setField, errors, formError, submitting, field, submit };
}
