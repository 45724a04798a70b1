import type { Content, ContentCreate } from '@kampus/shared';
import { describe, expect, it } from 'vitest';
import { formatDuration } from './ContentType.js';
import {
  contentFormSchema,
  contentSaveBody,
  contentValues,
  makesNewVersion,
  newContentValues,
  videoSourceOf,
} from './form.js';
import { formatPercent, percentAffix } from './percent.js';

const file = {
  url: '/api/files/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.mp4',
  name: 'intro.mp4',
  size: 2048,
  mime: 'video/mp4',
};

const stored: Content = {
  id: 7,
  type: 'video',
  title: 'Onboarding',
  description: null,
  cover_url: null,
  duration_seconds: 90,
  language: 'tr',
  hashtags: [{ id: 3, name: 'Uyum' }],
  status: 1,
  guard_enabled: true,
  completion_threshold: 95,
  min_reading_seconds: null,
  external_url: null,
  body: null,
  file,
  version: 2,
  page_count: null,
  scorm: null,
  markers_count: 0,
  started_count: 4,
  completed_count: 1,
  created_at: '2026-11-01T09:00:00.000Z',
  updated_at: '2026-11-02T09:00:00.000Z',
};

const parse = (values: unknown) => contentFormSchema.safeParse(values);
const issuesOf = (values: unknown) => {
  const result = parse(values);
  return result.success ? {} : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('the content form: what each type needs before it is sent', () => {
  it('asks a new video, document or SCORM package for its file, and a page for its body', () => {
    for (const type of ['video', 'document', 'scorm'] as const) {
      expect(issuesOf({ ...newContentValues(type, 'en'), title: 'T' })).toEqual({ file_url: 'content.file_required' });
    }
    expect(issuesOf({ ...newContentValues('page', 'en'), title: 'T', body: '  ' })).toEqual({
      body: 'validation.required',
    });
    expect(issuesOf({ ...newContentValues('page', 'en'), title: 'T', body: '<p>Merhaba</p>' })).toEqual({});
  });

  it('asks a link, or a video given by address, for a web address; an empty one is refused on that field', () => {
    expect(issuesOf({ ...newContentValues('link', 'en'), title: 'T' })).toEqual({
      external_url: 'content.url_invalid',
    });
    expect(issuesOf({ ...newContentValues('link', 'en'), title: 'T', external_url: 'javascript:alert(1)' })).toEqual({
      external_url: 'content.url_invalid',
    });
    const byAddress = { ...newContentValues('video', 'en'), title: 'T', external_url: '' };
    expect(videoSourceOf(byAddress)).toBe('url');
    expect(issuesOf(byAddress)).toEqual({ external_url: 'content.url_invalid' });
    expect(issuesOf({ ...byAddress, external_url: 'https://vimeo.com/1' })).toEqual({});
  });

  it('starts a new content in the admin language with the contract defaults (guard on, threshold 95)', () => {
    expect(newContentValues('video', 'de')).toMatchObject({
      language: 'de',
      guard_enabled: true,
      completion_threshold: 95,
      status: 1,
    });
    expect(newContentValues('video', 'xx').language).toBe('tr');
  });
});

describe('contentSaveBody', () => {
  const parsed = (values: unknown) => contentFormSchema.parse(values) as ContentCreate;

  it('empties what the type does not use, so switching a video to an address drops the file and vice versa', () => {
    const byFile = parsed({
      ...newContentValues('video', 'en'),
      title: 'T',
      file_url: file.url,
      body: '<p>stale</p>',
      min_reading_seconds: 30,
    });
    expect(contentSaveBody(byFile, null)).toMatchObject({
      type: 'video',
      file_url: file.url,
      external_url: null,
      body: null,
      min_reading_seconds: null,
    });
    const byAddress = parsed({ ...newContentValues('video', 'en'), title: 'T', external_url: 'https://youtu.be/x' });
    expect(contentSaveBody(byAddress, null)).toMatchObject({ file_url: null, external_url: 'https://youtu.be/x' });
    const link = parsed({ ...newContentValues('link', 'en'), title: 'T', external_url: 'https://example.com' });
    expect(contentSaveBody(link, null)).toMatchObject({
      file_url: null,
      body: null,
      external_url: 'https://example.com',
    });
  });

  it('sends neither the type nor an unchanged file on edit (no new version), but a new file when one was chosen', () => {
    const unchanged = contentSaveBody(parsed({ ...contentValues(stored), title: 'Yeni' }), stored);
    expect(unchanged).not.toHaveProperty('type');
    expect(unchanged).not.toHaveProperty('file_url');
    expect(unchanged).toMatchObject({ title: 'Yeni', hashtag_ids: [3] });
    const replaced = contentSaveBody(parsed({ ...contentValues(stored), file_url: '/api/files/new.webm' }), stored);
    expect(replaced).toMatchObject({ file_url: '/api/files/new.webm' });
  });

  it('tells when the chosen file makes the next version', () => {
    expect(makesNewVersion(stored, file.url)).toBe(false);
    expect(makesNewVersion(stored, '/api/files/other.mp4')).toBe(true);
    expect(makesNewVersion(null, '/api/files/other.mp4')).toBe(false);
    expect(makesNewVersion({ ...stored, file: null }, '/api/files/other.mp4')).toBe(false);
  });
});

describe('formatDuration', () => {
  it.each([
    [null, null],
    [0, '0:00'],
    [59, '0:59'],
    [95, '1:35'],
    [3725, '1:02:05'],
  ])('%s seconds → %s', (seconds, shown) => {
    expect(formatDuration(seconds)).toBe(shown);
  });
});

describe("percentages in the reader's language", () => {
  it('puts the sign where the language does', () => {
    expect(formatPercent(95, 'tr')).toBe('%95');
    expect(formatPercent(95.4, 'en')).toBe('95%');
    expect(formatPercent(95, 'de')).toBe('95\u00a0%');
    expect(percentAffix('tr')).toEqual({ prefix: '%' });
    expect(percentAffix('en')).toEqual({ suffix: '%' });
  });
});
