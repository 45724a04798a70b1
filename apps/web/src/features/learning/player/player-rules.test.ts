import type { PlayerMarker } from '@kampus/shared';
import { describe, expect, it } from 'vitest';
import { embedUrl } from './ContentPlayer.js';
import { durationMinutes } from './durations.js';
import { errorsByMarker } from './editor/InteractiveVideoEditorPage.js';
import { clock } from './editor/MarkerTimeline.js';
import { actionOf } from './MyContentSection.js';
import { dueMarker, resumeAt } from './VideoPlayer.js';

const marker = (id: number, second: number): PlayerMarker => ({
  id,
  type_id: 1,
  second,
  question: 'q',
  scored: true,
  sections: [{ question: 'q', options: ['a', 'b'] }],
  answer: null,
});

describe('the player’s rules', () => {
  it('resumes at the server’s position, never past the furthest point, and from the start at the end', () => {
    expect(resumeAt(40, 30, 100)).toBe(30);
    expect(resumeAt(12, 30, 100)).toBe(12);
    expect(resumeAt(99.5, 100, 100)).toBe(0);
    expect(resumeAt(5, 10, Number.NaN)).toBe(5);
  });

  it('stops at the first unanswered marker whose second has come', () => {
    const markers = [marker(1, 2), marker(2, 5)];
    expect(dueMarker(markers, new Set(), 1.9)).toBeNull();
    expect(dueMarker(markers, new Set(), 2.1)?.id).toBe(1);
    expect(dueMarker(markers, new Set([1]), 4)).toBeNull();
    expect(dueMarker(markers, new Set([1]), 6)?.id).toBe(2);
  });

  it('embeds YouTube and Vimeo addresses only', () => {
    expect(embedUrl('https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=3')).toBe(
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?rel=0',
    );
    expect(embedUrl('https://youtu.be/dQw4w9WgXcQ')).toBe('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?rel=0');
    expect(embedUrl('https://vimeo.com/76979871')).toBe('https://player.vimeo.com/video/76979871');
    expect(embedUrl('https://example.com/watch?v=dQw4w9WgXcQ')).toBeNull();
    expect(embedUrl('not a url')).toBeNull();
  });

  it('offers start, continue or review by the learner’s state', () => {
    expect(actionOf({ status: 'not_started' })).toBe('start');
    expect(actionOf({ status: 'in_progress' })).toBe('continue');
    expect(actionOf({ status: 'completed' })).toBe('review');
    expect(durationMinutes(20)).toBe(1);
    expect(durationMinutes(61)).toBe(2);
  });

  it('puts the server’s marker errors on the marker they belong to, by the order they were sent in', () => {
    const errors = errorsByMarker(
      {
        'markers.1.options.0.text': ['Required'],
        'markers.1.question': ['Too long'],
        'markers.0': ['Bad'],
        other: ['x'],
      },
      ['a', 'b'],
    );
    expect(Object.fromEntries(errors)).toEqual({
      a: { question: 'Bad' },
      b: { 'options.0.text': 'Required', question: 'Too long' },
    });
    expect(clock(75.6)).toBe('1:15');
  });
});
