export { MyCompetenciesSection } from './MyCompetenciesSection.js';
