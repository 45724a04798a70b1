import { SurveysList } from './SurveysList.js';

/** `/admin/surveys` (show_survey). */
export default function SurveysListPage() {
  return <SurveysList kind="survey" />;
}
