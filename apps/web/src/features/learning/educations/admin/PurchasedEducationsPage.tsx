import { EducationsList } from './EducationsListPage.js';

/**
 * `/admin/education/catalog/purchased` (show_training): the educations the company obtained from providers, the
 * catalogue's list asked with `purchased=1`. Until commerce exists nothing is bought, so it shows its empty state.
 */
export default function PurchasedEducationsPage() {
  return <EducationsList purchased />;
}
