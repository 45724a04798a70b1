import type { Platform } from '../../../platform/deps.js';
import { createContentAdmin } from './admin.js';
import { createContentLibrary } from './library.js';
import { createContentPlayback } from './playback.js';

/**
 * The content library (issue 12): the admin resource and its screens' calls (markers, enrolments, the usage report,
 * the overview), and the learner's side (the player, honest progress, marker answers, SCORM data).
 */
export function createContentService(platform: Platform) {
  return {
    resource: createContentLibrary(platform).resource,
    admin: createContentAdmin(platform),
    playback: createContentPlayback(platform),
  };
}

export type ContentService = ReturnType<typeof createContentService>;
