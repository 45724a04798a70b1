import { HASHTAG_SORTS, type Hashtag, type HashtagCreate, type HashtagUpdate } from '@kampus/shared';
import type { ListConfig } from '../../../lib/list-state.js';
import { defineResource } from '../../../lib/resource.js';

/** `api/admin/hashtags` (issue 4). */
export const hashtagsResource = defineResource<Hashtag, HashtagCreate, HashtagUpdate>('hashtags');

/** The list's address state: the sortable fields and the status filter of `hashtagListQuerySchema`. */
export const HASHTAG_LIST_CONFIG: ListConfig = {
  sortable: HASHTAG_SORTS,
  defaultSort: '-created_at',
  filters: [{ kind: 'select', param: 'status', options: ['0', '1'] }],
};
