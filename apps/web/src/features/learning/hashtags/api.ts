import { hashtagsContract } from '@kampus/shared';
import { contractResource } from '../../../lib/resource.js';

/** `api/admin/hashtags` (issue 4). */
export const hashtagsResource = contractResource(hashtagsContract);
