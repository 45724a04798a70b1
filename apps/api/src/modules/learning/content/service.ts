import type { Platform } from '../../../platform/deps.js';
import { createContentAdmin } from './admin.js';
import { createContentLibrary, type InspectScorm } from './library.js';
import { createContentPlayback, type ScormRuntime } from './playback.js';

/** How SCORM packages are read and run; absent, SCORM contents are refused on their file. */
export interface ScormSupport {
  inspect: InspectScorm;
  runtime: ScormRuntime;
}

/**
 * The content library (issue 12): the admin resource and its screens' calls (markers, enrolments, the usage report,
 * the overview), and the learner's side (the player, honest progress, marker answers, SCORM data).
 */
export function createContentService(platform: Platform, scorm: ScormSupport | null = null) {
  const library = createContentLibrary(platform, scorm?.inspect ?? null);
  return {
    resource: library.resource,
    admin: createContentAdmin(platform),
    playback: createContentPlayback(platform, scorm?.runtime ?? null),
  };
}

export type ContentService = ReturnType<typeof createContentService>;
