import { and, eq } from 'drizzle-orm';
import type { FileStorage } from '../../platform/storage.js';
import type { Db } from '../client.js';
import { advertisements, announcements, userGroups, users } from '../schema/index.js';
import { storeDrawnPng } from './drawn-images.js';

/** A demo company's announcements and banners: its language, colours and (optionally) a group and sub-companies. */
export interface EngagementLook {
  companyId: number;
  language: 'tr' | 'en';
  primary: string;
  accent: string;
  adminEmail: string;
  /** A user group the third announcement is for (by name), if the company has it. */
  groupName?: string;
}

const TEXTS = {
  tr: {
    announcements: [
      {
        title: 'Bilgi güvenliği politikamız güncellendi',
        body: '<h2>Ne değişti?</h2><p>Parolalar artık en az <strong>12 karakter</strong> olmalı ve şirket dışına dosya gönderirken yalnızca onaylı paylaşım araçları kullanılmalı.</p><ul><li>Şüpheli e-postaları <em>bilgi.guvenligi@demo.test</em> adresine iletin.</li><li>Ekranınızı kilitlemeden masanızdan ayrılmayın.</li></ul><p>Lütfen politikayı okuyup onaylayın.</p>',
        mustRead: true,
      },
      {
        title: 'Kampüs’te yeni dönem başlıyor',
        body: '<p>Yeni dönemde <strong>liderlik</strong>, <strong>veri okuryazarlığı</strong> ve <strong>müşteri deneyimi</strong> eğitimleri kataloğa eklendi. Hedeflerinize uygun eğitimleri Eğitim Kataloğu’ndan seçebilirsiniz.</p>',
        pinned: true,
      },
      {
        title: 'Yönetici buluşması: 12 Aralık',
        body: '<p>Tüm yöneticilerimizi 12 Aralık’ta İstanbul ofisindeki yıl sonu buluşmasına bekliyoruz. Gündem ve katılım bağlantısı takviminize gönderildi.</p>',
        group: true,
      },
    ],
    banners: [
      {
        title: 'Liderlik Akademisi başvuruları açıldı',
        sub: 'Kontenjan sınırlı · Hemen başvurun',
        link: '/education-category',
      },
      { title: 'Ayın eğitimi: Veri Okuryazarlığı', sub: '45 dakikada temel kavramlar', link: '/my-education' },
      { title: 'Sorularınız mı var?', sub: 'Sık sorulan sorulara göz atın', link: '/faq' },
    ],
  },
  en: {
    announcements: [
      {
        title: 'Our information security policy has been updated',
        body: '<h2>What changed?</h2><p>Passwords must now be at least <strong>12 characters</strong> long, and files leaving the company may only be sent through approved sharing tools.</p><ul><li>Forward suspicious e-mails to <em>security@acme.test</em>.</li><li>Lock your screen whenever you leave your desk.</li></ul><p>Please read the policy and confirm.</p>',
        mustRead: true,
      },
      {
        title: 'A new learning season starts',
        body: '<p>Courses on <strong>leadership</strong>, <strong>data literacy</strong> and <strong>customer experience</strong> have been added to the catalogue. Pick the ones that fit your goals.</p>',
        pinned: true,
      },
      {
        title: 'Town hall on Friday',
        body: '<p>Join the quarterly town hall this Friday at 4 pm in the main hall or online. The agenda and the link are in your calendar.</p>',
      },
    ],
    banners: [
      {
        title: 'Leadership Academy: applications open',
        sub: 'Limited seats · Apply today',
        link: '/education-category',
      },
      { title: 'Course of the month: Data Literacy', sub: 'The essentials in 45 minutes', link: '/my-education' },
      { title: 'Questions?', sub: 'Browse the frequently asked questions', link: '/faq' },
    ],
  },
} as const;

const escapeXml = (text: string) =>
  text.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c] ?? c);

/** A 1200 × 400 banner in the company's colours: a gradient, two soft circles, the headline and a line under it. */
export function bannerSvg(primary: string, accent: string, title: string, sub: string, variant: number): string {
  const cx = [980, 1080, 900][variant % 3];
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="400" viewBox="0 0 1200 400">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="${primary}"/><stop offset="1" stop-color="${accent}"/></linearGradient></defs>
  <rect width="1200" height="400" fill="url(#g)"/>
  <circle cx="${cx}" cy="90" r="220" fill="#ffffff" fill-opacity="0.10"/>
  <circle cx="${(cx ?? 980) - 160}" cy="360" r="140" fill="#ffffff" fill-opacity="0.08"/>
  <rect x="80" y="110" width="64" height="8" rx="4" fill="#ffffff" fill-opacity="0.85"/>
  <text x="80" y="200" font-family="Noto Sans" font-weight="700" font-size="54" fill="#ffffff">${escapeXml(title)}</text>
  <text x="80" y="262" font-family="Noto Sans" font-size="30" fill="#ffffff" fill-opacity="0.9">${escapeXml(sub)}</text>
</svg>`;
}

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/**
 * Three announcements per demo company (one must-read for everyone, one pinned, one for a group where the company
 * has it) and three advertisements with banners generated in its colours, running from today.
 */
export async function seedAnnouncements(tx: Db, files: FileStorage, looks: EngagementLook[]): Promise<void> {
  for (const look of looks) {
    const texts = TEXTS[look.language];
    const [admin] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.companyId, look.companyId), eq(users.email, look.adminEmail)));
    const [group] = look.groupName
      ? await tx
          .select({ id: userGroups.id })
          .from(userGroups)
          .where(and(eq(userGroups.companyId, look.companyId), eq(userGroups.name, look.groupName)))
      : [];
    await tx.insert(announcements).values(
      texts.announcements.map((a, i) => {
        const forGroup = 'group' in a && a.group && group !== undefined;
        return {
          companyId: look.companyId,
          title: a.title,
          body: a.body,
          audience: forGroup ? 'groups' : 'everyone',
          groupIds: forGroup ? [group.id] : [],
          publishDate: day(-(i + 1) * 3),
          expiryDate: i === 2 ? day(30) : null,
          pinned: 'pinned' in a && a.pinned === true,
          mustRead: 'mustRead' in a && a.mustRead === true,
          createdBy: admin?.id ?? null,
        };
      }),
    );
    const rows = [];
    for (const [i, banner] of texts.banners.entries()) {
      const svg = bannerSvg(look.primary, look.accent, banner.title, banner.sub, i);
      const imageUrl = await storeDrawnPng(tx, files, look.companyId, svg, `banner-${i + 1}.png`);
      rows.push({
        companyId: look.companyId,
        title: banner.title,
        imageUrl,
        linkUrl: banner.link,
        order: i + 1,
        startDate: day(-7),
        endDate: day(60),
        views: 40 - i * 9,
        clicks: 7 - i * 2,
        createdBy: admin?.id ?? null,
      });
    }
    await tx.insert(advertisements).values(rows);
  }
}
