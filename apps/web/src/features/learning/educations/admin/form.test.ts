import type { Education } from '@kampus/shared';
import { describe, expect, it } from 'vitest';
import { educationValues, partDisplays, partKey, partsSeconds } from './form.js';

const part = (id: number, ref_id: number, order: number, required = true, duration: number | null = 60) => ({
  id,
  type: 'content' as const,
  ref_id,
  order,
  required,
  title: `Content ${ref_id}`,
  content_type: 'video' as const,
  duration_seconds: duration,
  cover_url: null,
  available: true,
});

const education: Education = {
  id: 9,
  title: 'KVKK',
  sub_title: null,
  description_title: null,
  description: '<p>Personal data</p>',
  image_url: null,
  category: { id: 4, names: { tr: 'Uyum' } },
  language: 'tr',
  hashtags: [{ id: 2, name: 'uyum' }],
  start_date: '2026-12-01',
  end_date: null,
  estimated_minutes: 30,
  status: 1,
  visibility: 'catalogue',
  sequential: true,
  provider: null,
  evaluation_survey_id: null,
  evaluation_required_for_certificate: false,
  parts: [part(1, 30, 2, false), part(2, 10, 0), part(3, 20, 1, true, null)],
  pre_test_exam_id: null,
  post_test_exam_id: null,
  enrolled_count: 0,
  completed_count: 0,
  created_at: '',
  updated_at: '',
};

describe('education form values', () => {
  it('takes a stored education as the body it would send, the parts in their order', () => {
    expect(educationValues(education)).toMatchObject({
      category_id: 4,
      hashtag_ids: [2],
      visibility: 'catalogue',
      sequential: true,
      parts: [
        { type: 'content', ref_id: 10, required: true },
        { type: 'content', ref_id: 20, required: true },
        { type: 'content', ref_id: 30, required: false },
      ],
    });
  });

  it('adds up the known lengths of the parts, or says none is known', () => {
    const displays = partDisplays(education);
    expect(displays.get(partKey({ type: 'content', ref_id: 30 }))?.title).toBe('Content 30');
    expect(partsSeconds(educationValues(education).parts ?? [], displays)).toBe(120);
    expect(partsSeconds([{ type: 'content', ref_id: 20 }], displays)).toBeNull();
  });
});
