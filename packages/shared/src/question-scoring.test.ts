import { describe, expect, it } from 'vitest';
import { foldShortText, learnerQuestion, revealedAnswer, scoreAnswer } from './question-scoring.js';
import { type QuestionBody, questionBodySchema } from './schemas/questions.js';

const body = (input: unknown): QuestionBody => questionBodySchema.parse(input);
const options = [
  { key: 'k1', text: 'Phishing' },
  { key: 'k2', text: 'Tailgating' },
  { key: 'k3', text: 'Patching' },
];

describe('scoring an answer', () => {
  it('scores single, multiple and true/false all or nothing', () => {
    const single = body({ type: 'single', text: '<p>Which?</p>', options, correct: 'k2' });
    expect(scoreAnswer(single, { type: 'single', key: 'k2' })).toEqual({ outcome: 'correct', ratio: 1 });
    expect(scoreAnswer(single, { type: 'single', key: 'k1' })).toEqual({ outcome: 'wrong', ratio: 0 });
    const multiple = body({ type: 'multiple', text: '<p>Which?</p>', options, correct: ['k1', 'k2'] });
    expect(scoreAnswer(multiple, { type: 'multiple', keys: ['k2', 'k1'] }).outcome).toBe('correct');
    expect(scoreAnswer(multiple, { type: 'multiple', keys: ['k1'] }).outcome).toBe('wrong');
    expect(scoreAnswer(multiple, { type: 'multiple', keys: ['k1', 'k2', 'k3'] }).outcome).toBe('wrong');
    const trueFalse = body({ type: 'true_false', text: '<p>True?</p>', correct: false });
    expect(scoreAnswer(trueFalse, { type: 'true_false', value: false }).outcome).toBe('correct');
    expect(scoreAnswer(trueFalse, { type: 'true_false', value: true }).outcome).toBe('wrong');
  });

  it('compares short text without case, Turkish i forms or extra spaces', () => {
    const question = body({ type: 'short_text', text: '<p>City?</p>', accepted: ['İzmir', 'Smyrna'] });
    for (const text of ['izmir', 'IZMIR', ' ızmır ', 'İZMİR', 'smyrna']) {
      expect(scoreAnswer(question, { type: 'short_text', text }).outcome, text).toBe('correct');
    }
    expect(scoreAnswer(question, { type: 'short_text', text: 'Ankara' }).outcome).toBe('wrong');
    expect(scoreAnswer(question, { type: 'short_text', text: '   ' }).outcome).toBe('unanswered');
    expect(foldShortText('Kamu  Yönetimi')).toBe('kamu yönetimi');
  });

  it('scores ordering exactly, matching by its share of right pairs, numeric within tolerance', () => {
    const ordering = body({ type: 'ordering', text: '<p>Order</p>', items: options });
    expect(scoreAnswer(ordering, { type: 'ordering', keys: ['k1', 'k2', 'k3'] }).outcome).toBe('correct');
    expect(scoreAnswer(ordering, { type: 'ordering', keys: ['k2', 'k1', 'k3'] }).outcome).toBe('wrong');
    const matching = body({
      type: 'matching',
      text: '<p>Match</p>',
      pairs: [
        { key: 'a', left: 'TR', right_key: 'x', right: 'Ankara' },
        { key: 'b', left: 'AZ', right_key: 'y', right: 'Bakı' },
        { key: 'c', left: 'DE', right_key: 'z', right: 'Berlin' },
        { key: 'd', left: 'UK', right_key: 'w', right: 'London' },
      ],
    });
    expect(scoreAnswer(matching, { type: 'matching', pairs: { a: 'x', b: 'y', c: 'w', d: 'z' } })).toEqual({
      outcome: 'partial',
      ratio: 0.5,
    });
    expect(scoreAnswer(matching, { type: 'matching', pairs: { a: 'x', b: 'y', c: 'z', d: 'w' } }).ratio).toBe(1);
    const numeric = body({ type: 'numeric', text: '<p>π?</p>', value: 3.14, tolerance: 0.01 });
    expect(scoreAnswer(numeric, { type: 'numeric', value: 3.15 }).outcome).toBe('correct');
    expect(scoreAnswer(numeric, { type: 'numeric', value: 3.16 }).outcome).toBe('wrong');
  });

  it('leaves an open answer pending and a wrong-typed answer wrong', () => {
    const open = body({ type: 'open', text: '<p>Explain</p>' });
    expect(scoreAnswer(open, { type: 'open', text: 'Because…' })).toEqual({ outcome: 'pending', ratio: null });
    expect(scoreAnswer(open, { type: 'single', key: 'k1' }).outcome).toBe('wrong');
    expect(scoreAnswer(open, null).outcome).toBe('unanswered');
  });
});

describe('what a learner sees', () => {
  it('never carries the right answer or the explanation, and uses the attempt’s order', () => {
    const question = body({
      type: 'single',
      text: '<p>Which?</p>',
      options,
      correct: 'k2',
      explanation: '<p>Because</p>',
    });
    const seen = learnerQuestion(question, (list) => [...list].reverse());
    expect(seen).toEqual({ type: 'single', text: '<p>Which?</p>', options: [...options].reverse() });
    expect(JSON.stringify(seen)).not.toMatch(/correct|explanation|Because/);
    expect(revealedAnswer(question)).toEqual({ type: 'single', key: 'k2' });
  });

  it('refuses a body whose correct answer is not among its options, or whose keys repeat', () => {
    expect(questionBodySchema.safeParse({ type: 'single', text: 'x', options, correct: 'k9' }).success).toBe(false);
    expect(questionBodySchema.safeParse({ type: 'ordering', text: 'x', items: [options[0], options[0]] }).success).toBe(
      false,
    );
  });
});
