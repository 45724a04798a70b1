import { SurveyForm } from './SurveyForm.js';

/** `/admin/evaluation-survey/add` and `/admin/evaluation-survey/{id}/edit` (create_evaluationsurvey). */
export default function EvaluationSurveyFormPage() {
  return <SurveyForm kind="evaluation" />;
}
