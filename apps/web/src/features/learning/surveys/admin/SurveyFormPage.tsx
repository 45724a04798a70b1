import { SurveyForm } from './SurveyForm.js';

/** `/admin/survey/add` and `/admin/survey/{id}/edit` (create_survey). */
export default function SurveyFormPage() {
  return <SurveyForm kind="survey" />;
}
