/** The education's detail page (route `user.education-detail`, spec §2.1). */
export const educationDetailPath = (educationId: number) => `/education/${educationId}/detail`;

export const MY_EDUCATION_PATH = '/my-education';
export const CATALOGUE_PATH = '/education-category';

/** The company module that opens the catalogue to learners (spec §6); without it /education-category answers /403. */
export const CATALOGUE_MODULE = 'education-category';
