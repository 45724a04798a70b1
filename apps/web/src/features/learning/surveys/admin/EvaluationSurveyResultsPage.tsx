import { SurveyResults } from './SurveyResults.js';

/** `/admin/evaluation-survey/{id}/results` (read_evaluationsurvey): the general and detailed evaluation reports. */
export default function EvaluationSurveyResultsPage() {
  return <SurveyResults kind="evaluation" />;
}
