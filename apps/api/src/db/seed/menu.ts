import type { Db } from '../client.js';
import { menuItems } from '../schema/index.js';

type Titles = { tr: string; en: string; az: string; de: string };
type SeedItem = { type: string; status?: number; title?: Titles };

/**
 * Demo Holding's side menu, in order. Titles only where the company names an item differently from its default
 * label (locale namespace `menu`); my-statistics is switched off (status 0) until the company is ready to show it.
 */
const DEMO_MENU: SeedItem[] = [
  { type: 'dashboard' },
  { type: 'notification' },
  { type: 'my-assignment' },
  { type: 'my-education' },
  {
    type: 'education-category',
    title: { tr: 'Eğitim Kataloğu', en: 'Training catalogue', az: 'Təlim kataloqu', de: 'Schulungskatalog' },
  },
  { type: 'my-statistics', status: 0 },
  { type: 'my-collection' },
  { type: 'gift', title: { tr: 'Hediye Mağazası', en: 'Gift shop', az: 'Hədiyyə mağazası', de: 'Prämienshop' } },
  { type: 'wall', title: { tr: 'Sosyal Duvar', en: 'Social wall', az: 'Sosial divar', de: 'Soziale Pinnwand' } },
  { type: 'leader-table' },
  { type: 'agenda' },
  { type: 'test' },
  { type: 'my-certification' },
  { type: 'faq', title: { tr: 'Yardım Merkezi', en: 'Help centre', az: 'Yardım mərkəzi', de: 'Hilfecenter' } },
];

/** Acme orders its menu its own way and keeps notifications in the header bell only (status 0). */
const ACME_MENU: SeedItem[] = [
  { type: 'dashboard' },
  { type: 'my-assignment' },
  { type: 'my-education' },
  {
    type: 'education-category',
    title: { tr: 'Kurs Kataloğu', en: 'Course catalog', az: 'Kurs kataloqu', de: 'Kurskatalog' },
  },
  { type: 'wall' },
  { type: 'my-statistics' },
  { type: 'my-collection' },
  { type: 'gift', title: { tr: 'Ödüller', en: 'Rewards', az: 'Mükafatlar', de: 'Belohnungen' } },
  { type: 'leader-table' },
  { type: 'agenda' },
  { type: 'test' },
  { type: 'my-certification' },
  { type: 'faq' },
  { type: 'notification', status: 0 },
];

/** Orders go in steps of ten, as an administrator leaves room to slot an item in later. */
function rows(companyId: number, items: SeedItem[]) {
  return items.map((item, index) => ({
    companyId,
    type: item.type,
    title: item.title ?? {},
    status: item.status ?? 1,
    order: (index + 1) * 10,
  }));
}

/** The demo group's companies share Demo Holding's menu; Acme has its own. */
export async function seedMenus(tx: Db, companies: { demoGroup: number[]; acme: number }): Promise<void> {
  await tx
    .insert(menuItems)
    .values([...companies.demoGroup.flatMap((id) => rows(id, DEMO_MENU)), ...rows(companies.acme, ACME_MENU)]);
}
