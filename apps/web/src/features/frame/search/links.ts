import type { SearchHit } from '@kampus/shared';
import { generatePath } from 'react-router';
import { pageRoutePath } from '../../../app/page-routes.js';

/**
 * Where a hit leads, or null when it has no page the reader can open. `hasPage` tells the learner pages the app has
 * (some arrive with later work); admin pages are linked only for hits the reader found through an admin permission.
 */
export function hitLink(hit: SearchHit, hasPage: (path: string) => boolean): string | null {
  const id = String(hit.id);
  const ifPage = (path: string) => (hasPage(path.split('?')[0] as string) ? path : null);
  switch (hit.kind) {
    case 'education':
      return ifPage(generatePath(pageRoutePath('user.education-detail'), { id }));
    case 'program':
      // The learner's program panel lives on my educations.
      return ifPage(`/my-education?program=${id}`);
    case 'content':
      // The player opens a content only for those enrolled in it; an admin (read_content) finds it in the library.
      return hit.enrolled
        ? `${generatePath(pageRoutePath('user.player'), { id })}?source=content`
        : generatePath(pageRoutePath('company.content.detail'), { id });
    case 'faq':
      return ifPage(`${pageRoutePath('User.faq')}?search=${encodeURIComponent(hit.title)}`);
    case 'person':
      // People are searched with show_user, the permission of the people admin, whose detail page shows them.
      return ifPage(`/user/${id}/show`) ?? generatePath(pageRoutePath('company.user.detail'), { id });
  }
}
