/** The learner's assignments (menu module `my-assignment`, spec §2.1). */
export const MY_ASSIGNMENT_PATH = '/my-assignment';

/** One assignment's page (user.assignment-detail): where the mandatory modal and the notifications lead. */
export const assignmentDetailPath = (id: number) => `/assignment/${id}/detail`;

/** Where a learner chooses the classroom sessions of an assignment's trainings (user.assignment-classroom). */
export const assignmentClassroomPath = (id: number) => `/assignments/${id}/classroom-education`;
