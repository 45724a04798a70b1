import { pathForRoute } from '../../../../app/route-names.js';

/** The add screen (`/admin/assignment/add/{id?}`), with an education's id to start from when given. */
export const assignmentAddPath = (educationId?: number): string =>
  pathForRoute('company.assignments.add', educationId ? { id: educationId } : {}) ?? '/admin/assignment/add';
