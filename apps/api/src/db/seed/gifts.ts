import type { GiftRequestStatus, GiftType } from '@kampus/shared';
import { and, desc, eq, sql } from 'drizzle-orm';
import { balanceOf, refundPoints, spendPoints } from '../../modules/engagement/points/wallet.js';
import type { FileStorage } from '../../platform/storage.js';
import type { Db } from '../client.js';
import { giftProducts, giftRequests, giftVariants, roleUser, users } from '../schema/index.js';
import { storeDrawnPng } from './drawn-images.js';

/** A demo company's gift store: its language and colours, and the demo learner whose requests show every state. */
export interface GiftsLook {
  companyId: number;
  language: 'tr' | 'en';
  primary: string;
  accent: string;
  adminEmail: string;
  learnerEmail: string;
}

interface DemoGift {
  name: Record<'tr' | 'en', string>;
  description: Record<'tr' | 'en', string>;
  type: GiftType;
  price: number;
  stock?: number | null;
  variants?: [string, number][];
}

const SIZES = (s: number, m: number, l: number, xl: number): [string, number][] => [
  ['S', s],
  ['M', m],
  ['L', l],
  ['XL', xl],
];

/** Twelve products across the three types (spec §3): clothing with sizes, items, and small accessories. */
const GIFTS: DemoGift[] = [
  {
    name: { tr: 'Kampüs Tişörtü', en: 'Campus T-shirt' },
    description: {
      tr: '<p>%100 organik pamuk, göğsünde işlemeli şirket logosu. Rahat kesim.</p>',
      en: '<p>100% organic cotton with the company logo embroidered on the chest. Relaxed fit.</p>',
    },
    type: 1,
    price: 400,
    variants: SIZES(5, 8, 6, 0),
  },
  {
    name: { tr: 'Kapüşonlu Sweatshirt', en: 'Hoodie' },
    description: {
      tr: '<p>İçi şardonlu, kanguru cepli kapüşonlu sweatshirt. Ofiste ve hafta sonu.</p>',
      en: '<p>Brushed-fleece hoodie with a kangaroo pocket, for the office and the weekend.</p>',
    },
    type: 1,
    price: 900,
    variants: SIZES(3, 4, 2, 1),
  },
  {
    name: { tr: 'Polar Yelek', en: 'Fleece Vest' },
    description: {
      tr: '<p>Hafif ve sıcak tutan polar yelek; fermuarlı iki cep.</p>',
      en: '<p>A light, warm fleece vest with two zipped pockets.</p>',
    },
    type: 1,
    price: 1100,
    variants: [
      ['M', 2],
      ['L', 1],
    ],
  },
  {
    name: { tr: 'Beyzbol Şapkası', en: 'Baseball Cap' },
    description: {
      tr: '<p>Ayarlanabilir arka kayışlı, nakışlı logolu şapka.</p>',
      en: '<p>Embroidered cap with an adjustable strap.</p>',
    },
    type: 1,
    price: 350,
    stock: 15,
  },
  {
    name: { tr: 'Termos Kupa', en: 'Travel Mug' },
    description: {
      tr: '<p>Çift cidarlı paslanmaz çelik; içeceğinizi 6 saat sıcak tutar. 350 ml.</p>',
      en: '<p>Double-walled stainless steel that keeps your drink hot for 6 hours. 350 ml.</p>',
    },
    type: 2,
    price: 300,
    stock: 25,
  },
  {
    name: { tr: 'Deri Kapaklı Defter', en: 'Leather Notebook' },
    description: {
      tr: '<p>A5, 192 sayfa noktalı kâğıt, lastik kapamalı deri kapak.</p>',
      en: '<p>A5, 192 pages of dotted paper in a leather cover with an elastic band.</p>',
    },
    type: 2,
    price: 450,
    stock: 30,
  },
  {
    name: { tr: 'Sırt Çantası', en: 'Backpack' },
    description: {
      tr: '<p>15,6" dizüstü bilgisayar bölmeli, suya dayanıklı sırt çantası.</p>',
      en: '<p>Water-resistant backpack with a padded 15.6" laptop sleeve.</p>',
    },
    type: 2,
    price: 1200,
    stock: 4,
  },
  {
    name: { tr: 'Kitap Hediye Çeki', en: 'Book Voucher' },
    description: {
      tr: '<p>Anlaşmalı kitapçılarda geçerli 250 TL değerinde dijital hediye çeki. E-postanıza gönderilir.</p>',
      en: '<p>A $25 digital voucher for partner bookshops, sent to your email.</p>',
    },
    type: 2,
    price: 800,
    stock: null,
  },
  {
    name: { tr: 'Kablosuz Şarj Standı', en: 'Wireless Charger' },
    description: {
      tr: '<p>Telefonunuzu dik ya da yatay şarj eden 15 W kablosuz stand.</p>',
      en: '<p>A 15 W wireless stand that charges your phone upright or flat.</p>',
    },
    type: 2,
    price: 1000,
    stock: 6,
  },
  {
    name: { tr: 'Emaye Rozet', en: 'Enamel Pin' },
    description: {
      tr: '<p>Kampüs yolculuğunuzun hatırası: altın kaplama emaye yaka rozeti.</p>',
      en: '<p>A keepsake of your learning journey: a gold-plated enamel lapel pin.</p>',
    },
    type: 3,
    price: 150,
    stock: 100,
  },
  {
    name: { tr: 'Metal Anahtarlık', en: 'Metal Keyring' },
    description: {
      tr: '<p>Lazer kazımalı logolu, mat siyah metal anahtarlık.</p>',
      en: '<p>Matte black metal keyring with a laser-engraved logo.</p>',
    },
    type: 3,
    price: 200,
    stock: 0,
  },
  {
    name: { tr: 'Akıllı Saat', en: 'Smartwatch' },
    description: {
      tr: '<p>Adım, nabız ve uyku takibi; 7 güne varan pil ömrü. Yılın en çok çalışanlarına.</p>',
      en: '<p>Tracks steps, heart rate and sleep, with up to 7 days of battery. For the year’s keenest learners.</p>',
    },
    type: 3,
    price: 4000,
    stock: 2,
  },
];

const escapeXml = (text: string) =>
  text.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c] ?? c);

/** What each type looks like on its picture: a shirt, a box of squares, a ring. */
const SHAPES: Record<GiftType, string> = {
  1: '<path d="M190 70 L150 90 L110 130 L135 160 L160 145 L160 255 L320 255 L320 145 L345 160 L370 130 L330 90 L290 70 Q240 105 190 70 Z" fill="#ffffff" fill-opacity="0.95"/>',
  2: '<rect x="160" y="80" width="75" height="75" rx="12" fill="#ffffff" fill-opacity="0.95"/><rect x="245" y="80" width="75" height="75" rx="12" fill="#ffffff" fill-opacity="0.7"/><rect x="160" y="165" width="75" height="75" rx="12" fill="#ffffff" fill-opacity="0.7"/><rect x="245" y="165" width="75" height="75" rx="12" fill="#ffffff" fill-opacity="0.95"/>',
  3: '<circle cx="240" cy="170" r="78" fill="none" stroke="#ffffff" stroke-width="22" stroke-opacity="0.95"/><path d="M215 80 L240 55 L265 80 L240 100 Z" fill="#ffffff"/>',
};

function giftSvg(gift: DemoGift, language: 'tr' | 'en', primary: string, accent: string, index: number) {
  const angle = (index * 37) % 360;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="360" viewBox="0 0 480 360">
  <defs><linearGradient id="g" gradientTransform="rotate(${angle} 0.5 0.5)">
    <stop offset="0" stop-color="${primary}"/><stop offset="1" stop-color="${accent}"/></linearGradient></defs>
  <rect width="480" height="360" fill="url(#g)"/>
  <circle cx="420" cy="40" r="90" fill="#ffffff" fill-opacity="0.08"/>
  <circle cx="40" cy="330" r="70" fill="#ffffff" fill-opacity="0.08"/>
  ${SHAPES[gift.type]}
  <text x="240" y="318" text-anchor="middle" font-family="Noto Sans" font-weight="700" font-size="28" fill="#ffffff">${escapeXml(gift.name[language])}</text>
</svg>`;
}

const REASONS = {
  tr: 'Bu beden tedarikçide kalmadı; başka bir beden seçerek yeniden talep edebilirsiniz.',
  en: 'This size is no longer available from our supplier; please request another size.',
};
const TRACKING = { tr: 'Yurtiçi Kargo, takip no: 7281 5530 9914', en: 'UPS, tracking number 1Z 999 AA1 0123 4567 84' };
const PICKUP = {
  tr: 'İnsan Kaynakları ofisinden teslim alınabilir (3. kat).',
  en: 'Ready to collect at the People team’s desk (3rd floor).',
};

/**
 * The gift store of the demo (issue 17): twelve products per company, each with a picture drawn in the company's
 * colours (480 × 360, resvg), and requests in every state — the demo learner's own and their colleagues' — paid
 * through the points service's wallet (so the ledger and the balances stay right), stock taken for the live ones.
 * Runs after the points' history.
 */
export async function seedGifts(tx: Db, files: FileStorage, looks: GiftsLook[]): Promise<void> {
  for (const look of looks) {
    const { companyId, language } = look;
    const [admin] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.companyId, companyId), eq(users.email, look.adminEmail)));
    const products: { id: number; price: number; variants: { id: number; label: string }[] }[] = [];
    for (const [index, gift] of GIFTS.entries()) {
      const image = await storeDrawnPng(
        tx,
        files,
        companyId,
        giftSvg(gift, language, look.primary, look.accent, index),
        `${gift.name.en.toLowerCase().replace(/\W+/g, '-')}.png`,
      );
      const [row] = await tx
        .insert(giftProducts)
        .values({
          companyId,
          name: gift.name[language],
          description: gift.description[language],
          type: gift.type,
          price: gift.price,
          stock: gift.variants ? null : (gift.stock ?? null),
          images: [image],
          createdBy: admin?.id ?? null,
          createdAt: new Date(Date.now() - (GIFTS.length - index) * 86_400_000),
        })
        .returning({ id: giftProducts.id });
      if (!row) throw new Error('gift insert returned nothing');
      const variants = gift.variants
        ? await tx
            .insert(giftVariants)
            .values(
              gift.variants.map(([label, stock], position) => ({
                companyId,
                productId: row.id,
                label,
                stock,
                position,
              })),
            )
            .returning({ id: giftVariants.id, label: giftVariants.label })
        : [];
      products.push({ id: row.id, price: gift.price, variants });
    }

    // The demo learner first, then the keenest colleagues: who asks for what, and how far it went.
    const [learner] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.companyId, companyId), eq(users.email, look.learnerEmail)));
    const colleagues = await tx
      .select({ id: users.id })
      .from(users)
      .innerJoin(
        roleUser,
        and(eq(roleUser.userId, users.id), eq(roleUser.companyId, users.companyId), eq(roleUser.roleId, 3)),
      )
      .where(and(eq(users.companyId, companyId), eq(users.status, 1), sql`${users.email} <> ${look.learnerEmail}`))
      .orderBy(
        desc(
          sql`(select coalesce(sum(l.points), 0) from point_ledger l where l.company_id = ${companyId} and l.user_id = ${users.id})`,
        ),
      )
      .limit(6);
    const plan: [number | undefined, number, string | null, GiftRequestStatus, number][] = [
      // [person, product index, size, status, days ago]; the refunded ones first (they leave the balance as it was)
      [learner?.id, 0, 'XL', 'rejected', 20],
      [colleagues[5]?.id, 2, 'M', 'rejected', 15],
      [colleagues[3]?.id, 8, null, 'cancelled', 12],
      [learner?.id, 9, null, 'cancelled', 7],
      [learner?.id, 9, null, 'requested', 1],
      [learner?.id, 4, null, 'shipped', 9],
      [learner?.id, 10, null, 'delivered', 40],
      [learner?.id, 9, null, 'approved', 3],
      [colleagues[0]?.id, 6, null, 'delivered', 30],
      [colleagues[0]?.id, 0, 'L', 'requested', 0],
      [colleagues[1]?.id, 3, null, 'shipped', 6],
      [colleagues[2]?.id, 7, null, 'approved', 2],
      [colleagues[4]?.id, 9, null, 'requested', 1],
    ];
    for (const [userId, index, size, status, daysAgo] of plan) {
      const product = products[index];
      if (userId === undefined || !product) continue;
      // Only what the person's points cover: the wallet would refuse the rest.
      if ((await balanceOf(tx, companyId, userId)) < product.price) continue;
      const variant = size ? (product.variants.find((v) => v.label === size) ?? null) : null;
      const at = new Date(Date.now() - daysAgo * 86_400_000 - 3 * 3_600_000);
      const later = (days: number) => new Date(at.getTime() + days * 86_400_000);
      const decided = status !== 'requested' && status !== 'cancelled';
      const [row] = await tx
        .insert(giftRequests)
        .values({
          companyId,
          productId: product.id,
          variantId: variant?.id ?? null,
          variantLabel: variant?.label ?? null,
          userId,
          points: product.price,
          status,
          reason: status === 'rejected' ? REASONS[language] : null,
          trackingNote: status === 'shipped' ? TRACKING[language] : status === 'delivered' ? PICKUP[language] : null,
          decidedBy: decided ? (admin?.id ?? null) : null,
          decidedAt: decided ? later(1) : null,
          shippedAt: status === 'shipped' || status === 'delivered' ? later(2) : null,
          deliveredAt: status === 'delivered' ? later(4) : null,
          createdAt: at,
          updatedAt: at,
        })
        .returning({ id: giftRequests.id });
      if (!row) continue;
      const spending = { companyId, userId, points: product.price, sourceKey: `gift_request:${row.id}` };
      await spendPoints(tx, spending, 'gifts.errors.not_enough_points');
      if (status === 'rejected' || status === 'cancelled') {
        await refundPoints(tx, spending);
      } else if (variant) {
        await tx
          .update(giftVariants)
          .set({
            stock: sql`case when ${giftVariants.stock} is null then null else greatest(${giftVariants.stock} - 1, 0) end`,
          })
          .where(eq(giftVariants.id, variant.id));
      } else {
        await tx
          .update(giftProducts)
          .set({
            stock: sql`case when ${giftProducts.stock} is null then null else greatest(${giftProducts.stock} - 1, 0) end`,
          })
          .where(eq(giftProducts.id, product.id));
      }
    }
  }
}
