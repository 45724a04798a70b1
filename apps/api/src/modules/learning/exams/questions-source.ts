import type { forExams } from '../questions/for-exams.js';

/** What the attempt engine needs of the question bank: the questions module's `forExams`. */
export type ExamQuestionSource = Pick<typeof forExams, 'draw' | 'currentVersions' | 'versions' | 'markUsed'>;
