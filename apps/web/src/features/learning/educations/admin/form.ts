import {
  type ContentType,
  type Education,
  type EducationCreate,
  educationCreateSchema,
  isLocale,
  type Locale,
  type PartInput,
} from '@kampus/shared';
import type { z } from 'zod';

/** The form's values: the create body's input. On edit the whole body is sent again (parts as the whole new list). */
export type EducationFormValues = z.input<typeof educationCreateSchema>;

/** What the parts builder shows of a part beside what is sent: its title, type, length and whether it can be played. */
export interface PartDisplay {
  title: string;
  content_type: ContentType | null;
  duration_seconds: number | null;
  available: boolean;
}

/** A part's key in the builder (and its drag id): one content appears once in an education. */
export const partKey = (part: Pick<PartInput, 'type' | 'ref_id'>) => `${part.type}:${part.ref_id}`;

export function newEducationValues(language: string): EducationFormValues {
  return {
    title: '',
    sub_title: null,
    description_title: null,
    description: null,
    image_url: null,
    category_id: null,
    language: (isLocale(language) ? language : 'tr') as Locale,
    hashtag_ids: [],
    start_date: null,
    end_date: null,
    estimated_minutes: null,
    status: 1,
    visibility: 'assigned',
    sequential: false,
    parts: [],
    evaluation_survey_id: null,
    evaluation_required_for_certificate: false,
    pre_test_exam_id: null,
    post_test_exam_id: null,
  };
}

/** A stored education as the form's values; its parts in their order. */
export function educationValues(education: Education): EducationFormValues {
  return {
    title: education.title,
    sub_title: education.sub_title,
    description_title: education.description_title,
    description: education.description,
    image_url: education.image_url,
    category_id: education.category?.id ?? null,
    language: education.language,
    hashtag_ids: education.hashtags.map((tag) => tag.id),
    start_date: education.start_date,
    end_date: education.end_date,
    estimated_minutes: education.estimated_minutes,
    status: education.status,
    visibility: education.visibility,
    sequential: education.sequential,
    evaluation_survey_id: education.evaluation_survey_id,
    evaluation_required_for_certificate: education.evaluation_required_for_certificate,
    parts: [...education.parts]
      .sort((a, b) => a.order - b.order)
      .map((part) => ({ type: part.type, ref_id: part.ref_id, required: part.required })),
    pre_test_exam_id: education.pre_test_exam_id,
    post_test_exam_id: education.post_test_exam_id,
  };
}

/** What the builder knows of the stored parts, by key; picked contents add theirs. */
export function partDisplays(education: Education | null): Map<string, PartDisplay> {
  return new Map(
    (education?.parts ?? []).map((part) => [
      partKey(part),
      {
        title: part.title,
        content_type: part.content_type,
        duration_seconds: part.duration_seconds,
        available: part.available,
      },
    ]),
  );
}

/** The parts' total length in seconds, when any part has one (the estimated duration's suggestion). */
export function partsSeconds(
  parts: readonly Pick<PartInput, 'type' | 'ref_id'>[],
  displays: ReadonlyMap<string, PartDisplay>,
): number | null {
  let total = 0;
  let known = false;
  for (const part of parts) {
    const seconds = displays.get(partKey(part))?.duration_seconds;
    if (seconds) {
      total += seconds;
      known = true;
    }
  }
  return known ? total : null;
}

/** The contract's create schema is the form's: a save sends every field (`EducationCreate` fits the update too). */
export const educationFormSchema = educationCreateSchema;
export type EducationSaveBody = EducationCreate;
