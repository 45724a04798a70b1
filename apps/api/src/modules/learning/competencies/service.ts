import type { Platform } from '../../../platform/deps.js';
import { createCategoryResource, createCompetencyResource } from './framework.js';
import { createCompetencyLevels } from './levels.js';
import { createCompetencyMatrix } from './matrix.js';
import { createCompetencyRules } from './rules.js';

/**
 * Competencies (issue 16): the framework (categories and competencies with levels), people's levels (manual, with
 * their history), the automatic rules that set or raise a level on `education.completed`, `program.completed` and
 * `exam.passed` (and back-apply after a preview count), the matrix with group targets, and the person's own levels.
 * It reads the learning tables (enrolments, attempts) directly in SQL and the groups through the user-groups module.
 */
export function createCompetenciesService(platform: Platform) {
  return {
    categories: createCategoryResource(platform),
    competencies: createCompetencyResource(platform),
    levels: createCompetencyLevels(platform),
    rules: createCompetencyRules(platform),
    matrix: createCompetencyMatrix(platform),
  };
}

export type CompetenciesService = ReturnType<typeof createCompetenciesService>;
