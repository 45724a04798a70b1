import type { SurveyKind } from '@kampus/shared';
import { pathTo } from '../../../../app/route-names.js';

/** The admin screens of a kind: the surveys' or the evaluation surveys'. */
export function screensOf(kind: SurveyKind) {
  return kind === 'survey'
    ? {
        list: pathTo('company.survey.index'),
        add: pathTo('company.survey.add'),
        edit: (id: number) => pathTo('company.survey.edit', { id }),
        results: (id: number) => pathTo('company.survey.results', { id }),
      }
    : {
        list: pathTo('company.evaluation-survey.index'),
        add: pathTo('company.evaluation-survey.add'),
        edit: (id: number) => pathTo('company.evaluation-survey.edit', { id }),
        results: (id: number) => pathTo('company.evaluation-survey.results', { id }),
      };
}
