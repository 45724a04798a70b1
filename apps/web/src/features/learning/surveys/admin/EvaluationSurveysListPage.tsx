import { SurveysList } from './SurveysList.js';

/** `/admin/evaluation-surveys` (read_evaluationsurvey). */
export default function EvaluationSurveysListPage() {
  return <SurveysList kind="evaluation" />;
}
