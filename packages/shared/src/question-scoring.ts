import type {
  AnswerScore,
  LearnerQuestion,
  QuestionAnswer,
  QuestionBody,
  QuestionOption,
  RevealedAnswer,
} from './schemas/questions.js';

/**
 * Scoring of one answer (issue 15). Pure, so the server scores with it and tests pin it; the browser never holds a
 * question body, so having it here reveals nothing. Single, multiple, true/false, short text, ordering and numeric
 * answers are all or nothing; a matching answer earns the share of its pairs that are right; an open-ended answer
 * waits for a person (`pending`).
 */
export function scoreAnswer(body: QuestionBody, answer: QuestionAnswer | null | undefined): AnswerScore {
  if (!answer || isEmptyAnswer(answer)) return { outcome: 'unanswered', ratio: 0 };
  if (answer.type !== body.type) return { outcome: 'wrong', ratio: 0 };
  switch (body.type) {
    case 'single':
      return allOrNothing(answer.type === 'single' && answer.key === body.correct);
    case 'multiple':
      return allOrNothing(answer.type === 'multiple' && sameSet(answer.keys, body.correct));
    case 'true_false':
      return allOrNothing(answer.type === 'true_false' && answer.value === body.correct);
    case 'short_text': {
      if (answer.type !== 'short_text') return allOrNothing(false);
      const given = foldShortText(answer.text);
      return allOrNothing(body.accepted.some((accepted) => foldShortText(accepted) === given));
    }
    case 'ordering':
      return allOrNothing(
        answer.type === 'ordering' &&
          answer.keys.length === body.items.length &&
          body.items.every((item, index) => answer.keys[index] === item.key),
      );
    case 'matching': {
      if (answer.type !== 'matching') return allOrNothing(false);
      const right = body.pairs.filter((pair) => answer.pairs[pair.key] === pair.right_key).length;
      if (right === body.pairs.length) return { outcome: 'correct', ratio: 1 };
      return right === 0 ? { outcome: 'wrong', ratio: 0 } : { outcome: 'partial', ratio: right / body.pairs.length };
    }
    case 'numeric':
      return allOrNothing(answer.type === 'numeric' && Math.abs(answer.value - body.value) <= body.tolerance + 1e-9);
    case 'open':
      return { outcome: 'pending', ratio: null };
  }
}

const allOrNothing = (right: boolean): AnswerScore =>
  right ? { outcome: 'correct', ratio: 1 } : { outcome: 'wrong', ratio: 0 };

const sameSet = (a: readonly string[], b: readonly string[]) => {
  const left = new Set(a);
  return left.size === new Set(b).size && b.every((key) => left.has(key));
};

/** An answer that says nothing: no choice, an empty text. */
export function isEmptyAnswer(answer: QuestionAnswer): boolean {
  switch (answer.type) {
    case 'multiple':
    case 'ordering':
      return answer.keys.length === 0;
    case 'matching':
      return Object.keys(answer.pairs).length === 0;
    case 'short_text':
    case 'open':
      return answer.text.trim() === '';
    default:
      return false;
  }
}

/**
 * A short-text answer as it is compared: Unicode-normalized, every I/ı/İ/i the same letter (a learner's keyboard
 * decides which one they type), case folded, spaces trimmed and collapsed.
 */
export function foldShortText(value: string): string {
  return value
    .normalize('NFC')
    .replace(/[İIı]/g, 'i')
    .replace(/\u0307/g, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * What a learner sees of a question. `order` puts options, ordering items and the right side of matching pairs in
 * the order the attempt fixed; the default keeps the author's order, which for an ordering question is the answer, so
 * an attempt must always pass its shuffled order there.
 */
export function learnerQuestion(
  body: QuestionBody,
  order: (options: QuestionOption[]) => QuestionOption[] = (options) => options,
): LearnerQuestion {
  switch (body.type) {
    case 'single':
    case 'multiple':
      return { type: body.type, text: body.text, options: order(body.options) };
    case 'ordering':
      return { type: 'ordering', text: body.text, items: order(body.items) };
    case 'matching':
      return {
        type: 'matching',
        text: body.text,
        left: body.pairs.map((pair) => ({ key: pair.key, text: pair.left })),
        right: order(body.pairs.map((pair) => ({ key: pair.right_key, text: pair.right }))),
      };
    default:
      return { type: body.type, text: body.text };
  }
}

/** The right answer as a learner may be shown it once the exam allows (never the grader's guidance). */
export function revealedAnswer(body: QuestionBody): RevealedAnswer {
  switch (body.type) {
    case 'single':
      return { type: 'single', key: body.correct };
    case 'multiple':
      return { type: 'multiple', keys: [...body.correct] };
    case 'true_false':
      return { type: 'true_false', value: body.correct };
    case 'short_text':
      return { type: 'short_text', accepted: [...body.accepted] };
    case 'ordering':
      return { type: 'ordering', keys: body.items.map((item) => item.key) };
    case 'matching':
      return { type: 'matching', pairs: Object.fromEntries(body.pairs.map((pair) => [pair.key, pair.right_key])) };
    case 'numeric':
      return { type: 'numeric', value: body.value, tolerance: body.tolerance };
    case 'open':
      return { type: 'open' };
  }
}
