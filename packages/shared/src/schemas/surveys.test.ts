import { describe, expect, it } from 'vitest';
import { isAnswered, learnerSurveyQuestion, surveyCreateSchema, surveyTakePath } from './surveys.js';

describe('surveys contract', () => {
  it.each([
    [undefined, false],
    ['', false],
    ['  ', false],
    ['yes', true],
    [[], false],
    [['a'], true],
    [0, true],
  ] as const)('isAnswered(%j) is %s', (value, expected) => {
    expect(isAnswered(value as never)).toBe(expected);
  });

  it('shows a question in the reader’s language, else the survey’s main one', () => {
    const question = {
      id: 1,
      type: 'single_choice' as const,
      text: { tr: 'Hangi gün?', en: 'Which day?' },
      required: true,
      points: null,
      labels: {},
      options: [{ key: 'mon', text: { tr: 'Pazartesi' } }],
      scale: null,
    };
    expect(learnerSurveyQuestion(question, 'en', 'tr')).toMatchObject({
      text: 'Which day?',
      options: [{ text: 'Pazartesi' }],
    });
    expect(learnerSurveyQuestion(question, 'de', 'tr').text).toBe('Hangi gün?');
  });

  it('refuses a Likert scale of other than 5 or 7 points and the same option twice', () => {
    const likert = surveyCreateSchema.safeParse({
      title: 'X',
      questions: [{ type: 'likert', text: { tr: 'S' }, points: 6, labels: {} }],
    });
    expect(likert.success).toBe(false);
    const twice = surveyCreateSchema.safeParse({
      title: 'X',
      questions: [
        {
          type: 'single_choice',
          text: { tr: 'S' },
          options: [
            { key: 'a', text: { tr: 'A' } },
            { key: 'a', text: { tr: 'B' } },
          ],
        },
      ],
    });
    expect(twice.error?.issues[0]?.message).toBe('surveys.errors.key_duplicate');
  });

  it('links an evaluation survey with its education', () => {
    expect(surveyTakePath(3, null)).toBe('/survey/3');
    expect(surveyTakePath(3, 8)).toBe('/survey/3/education/8');
  });
});
