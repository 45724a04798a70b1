import { SurveyResults } from './SurveyResults.js';

/** `/admin/survey/{id}/results` (show_survey). */
export default function SurveyResultsPage() {
  return <SurveyResults kind="survey" />;
}
