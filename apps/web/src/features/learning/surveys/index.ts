/** What other features use of the surveys: the learner's section (placed on `/test`) and the survey path. */
export { MySurveysSection } from './MySurveysSection.js';
