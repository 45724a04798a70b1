import type { Platform } from '../../../platform/deps.js';
import { createQuestionResource, type QuestionUsage } from './bank.js';
import { forExams } from './for-exams.js';
import { createQuestionImport } from './import.js';

export type { QuestionUsage } from './bank.js';

/**
 * The question bank (issue 15): the company's questions with their versions (the admin resource and its xlsx
 * import), and what exams need of it (`forExams`). Exams tell the bank which questions they hold through
 * `registerUsage`, so such a question is made passive rather than deleted.
 */
export function createQuestionsService(platform: Platform) {
  const usages: QuestionUsage[] = [];
  const { resource } = createQuestionResource(platform, () => usages);
  return {
    resource,
    import: createQuestionImport(platform),
    forExams,
    /** Another module's use of questions (exams): a condition true for a question it holds. */
    registerUsage(usedBy: QuestionUsage) {
      usages.push(usedBy);
    },
  };
}

export type QuestionsService = ReturnType<typeof createQuestionsService>;
