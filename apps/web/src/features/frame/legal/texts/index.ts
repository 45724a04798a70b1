import type { BuiltInLegalLibrary } from '../documents.js';
import { az } from './az.js';
import { de } from './de.js';
import { en } from './en.js';
import { tr } from './tr.js';

export const BUILT_IN_LEGAL_TEXTS: BuiltInLegalLibrary = { tr, en, az, de };
