import { readFileSync } from 'node:fs';
import type { ContentType, Locale, MarkerInput, ScormPackage, WatchedRange } from '@kampus/shared';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { inspectScormPackage } from '../../modules/learning/content/scorm.js';
import { apiPath } from '../../paths.js';
import type { FileStorage } from '../../platform/storage.js';
import { fileUrlOf } from '../../platform/uploads.js';
import type { Db } from '../client.js';
import {
  contentEnrolments,
  contentMarkerAnswers,
  contentMarkers,
  contentProgress,
  contents,
  contentVersions,
  storedFiles,
  users,
} from '../schema/index.js';

/** A file of apps/api/src/db/seed/media, as the demo library stores it. */
interface MediaFile {
  file: string;
  mime: string;
  extension: string;
}

interface SeedContent {
  key: string;
  type: ContentType;
  title: string;
  description: string;
  language: Locale;
  cover: string;
  media?: MediaFile;
  durationSeconds?: number;
  pageCount?: number;
  scorm?: ScormPackage;
  externalUrl?: string;
  body?: string;
  minReadingSeconds?: number;
  markers?: MarkerInput[];
}

const webm = (file: string): MediaFile => ({ file, mime: 'video/webm', extension: 'webm' });
const pdf = (file: string): MediaFile => ({ file, mime: 'application/pdf', extension: 'pdf' });
const zip = (file: string): MediaFile => ({ file, mime: 'application/zip', extension: 'zip' });

const ONBOARDING_MARKERS: MarkerInput[] = [
  {
    type_id: 1,
    second: 2,
    question: 'Eğitimlerinizi hangi sayfada bulursunuz?',
    options: [
      { text: 'Eğitimlerim', correct: true },
      { text: 'Mesajlar', correct: false },
      { text: 'Profilim', correct: false },
    ],
  },
  {
    type_id: 2,
    second: 4,
    question: 'Hangisi doğru?',
    sections: [
      {
        question: 'Atanan bir eğitimin bitiş tarihini nerede görürsünüz?',
        options: [
          { text: 'Atamalarım sayfasında', correct: true },
          { text: 'Sıkça sorulan sorularda', correct: false },
        ],
      },
      {
        question: 'Bir videoyu ileri sararak tamamlayabilir misiniz?',
        options: [
          { text: 'Evet', correct: false },
          { text: 'Hayır, izlenmeyen bölüm kayda geçmez', correct: true },
        ],
      },
    ],
  },
  {
    type_id: 1,
    second: 6,
    question: 'Bu tanıtımı nasıl buldunuz?',
    options: [
      { text: 'Çok faydalı', correct: false },
      { text: 'Faydalı', correct: false },
      { text: 'Geliştirilmeli', correct: false },
    ],
  },
];

const REMOTE_WORK_PAGE = `<h2>Uzaktan çalışırken</h2>
<p>Evden ya da şehir dışından çalıştığınız günlerde de ekibinizle aynı ritimde kalmanız için birkaç kural:</p>
<ul>
<li><strong>Çalışma saatleri:</strong> 09.00–18.00 arası takviminizi güncel tutun; öğle arasını takvimde gösterin.</li>
<li><strong>Toplantılar:</strong> Kameranızı açın, konuşmadığınızda mikrofonunuzu kapatın.</li>
<li><strong>Güvenlik:</strong> Şirket cihazınızı yalnızca VPN üzerinden kullanın; ortak ağlarda ekranınızı kilitleyin.</li>
</ul>
<h2>Ergonomi</h2>
<p>Ekranın üst kenarı göz hizasında, dirsekler 90 derecede olsun. Her 50 dakikada bir kısa bir mola verin.</p>
<blockquote>Sorularınız için İnsan Kaynakları ekibine <a href="mailto:ik@demo.test">ik@demo.test</a> adresinden ulaşabilirsiniz.</blockquote>`;

const REMOTE_WORK_PAGE_EN = `<h2>Working remotely</h2>
<p>A few rules that keep the team in step when you work from home or on the road:</p>
<ul>
<li><strong>Hours:</strong> keep your calendar up to date between 9:00 and 18:00 and block your lunch break.</li>
<li><strong>Meetings:</strong> camera on, microphone muted while you are not speaking.</li>
<li><strong>Security:</strong> use your company laptop through the VPN only and lock your screen in shared spaces.</li>
</ul>
<p>Questions? Write to <a href="mailto:people@acme.test">people@acme.test</a>.</p>`;

/** Demo Holding's library: Turkish first, with English material a multinational company also has. */
const DEMO_LIBRARY: SeedContent[] = [
  {
    key: 'onboarding',
    type: 'video',
    title: 'Kampus’a hoş geldiniz',
    description: 'Platformu kısa bir turla tanıyın: eğitimleriniz, atamalarınız ve ilerlemeniz nerede?',
    language: 'tr',
    cover: 'cover-onboarding.jpg',
    media: webm('video-onboarding-tr.webm'),
    durationSeconds: 8,
    markers: ONBOARDING_MARKERS,
  },
  {
    key: 'security',
    type: 'video',
    title: 'Information security basics',
    description: 'Passwords, phishing and clean desks: the habits that keep company data safe.',
    language: 'en',
    cover: 'cover-security.jpg',
    media: webm('video-security-en.webm'),
    durationSeconds: 8,
  },
  {
    key: 'handbook',
    type: 'document',
    title: 'Çalışan el kitabı',
    description: 'İzinler, yan haklar, çalışma düzeni ve ilk gün bilmeniz gerekenler.',
    language: 'tr',
    cover: 'cover-handbook.jpg',
    media: pdf('doc-handbook-tr.pdf'),
    pageCount: 4,
    durationSeconds: 600,
  },
  {
    key: 'policy',
    type: 'document',
    title: 'Code of conduct',
    description: 'How we work with each other, our customers and our partners.',
    language: 'en',
    cover: 'cover-policy.jpg',
    media: pdf('doc-policy-en.pdf'),
    pageCount: 3,
    durationSeconds: 420,
    minReadingSeconds: 60,
  },
  {
    key: 'safety',
    type: 'scorm',
    title: 'İş sağlığı ve güvenliği',
    description: 'Kısa bir ders ve üç soruluk bir testle iş yerindeki temel güvenlik kuralları (SCORM 1.2).',
    language: 'tr',
    cover: 'cover-safety.jpg',
    media: zip('scorm-12-demo.zip'),
    durationSeconds: 900,
  },
  {
    key: 'service',
    type: 'scorm',
    title: 'Customer service essentials',
    description: 'Listening, empathy and follow-up, with a short quiz at the end (SCORM 2004).',
    language: 'en',
    cover: 'cover-service.jpg',
    media: zip('scorm-2004-demo.zip'),
    durationSeconds: 900,
  },
  {
    key: 'privacy',
    type: 'link',
    title: 'KVKK aydınlatma metni',
    description: 'Kişisel verilerin korunması kanunu hakkında Kurumun resmi rehberi.',
    language: 'tr',
    cover: 'cover-privacy.jpg',
    externalUrl: 'https://www.kvkk.gov.tr/',
    durationSeconds: 300,
  },
  {
    key: 'remote',
    type: 'page',
    title: 'Uzaktan çalışma rehberi',
    description: 'Evden çalışırken takvim, toplantı, güvenlik ve ergonomi kuralları.',
    language: 'tr',
    cover: 'cover-remote.jpg',
    body: REMOTE_WORK_PAGE,
    durationSeconds: 240,
    minReadingSeconds: 30,
  },
];

/** Acme Corp works in English: the same kinds of material, its own copies. */
const ACME_LIBRARY: SeedContent[] = [
  { ...(DEMO_LIBRARY[1] as SeedContent), key: 'security' },
  { ...(DEMO_LIBRARY[3] as SeedContent), key: 'policy' },
  { ...(DEMO_LIBRARY[5] as SeedContent), key: 'service' },
  {
    key: 'remote',
    type: 'page',
    title: 'Remote work guide',
    description: 'Calendar, meetings, security and ergonomics when you work from home.',
    language: 'en',
    cover: 'cover-remote-en.jpg',
    body: REMOTE_WORK_PAGE_EN,
    durationSeconds: 240,
  },
];

/** Copies a media file into the company's storage and records it, attached (a content points at it). */
async function storeMedia(tx: Db, files: FileStorage, companyId: number, media: MediaFile, name = media.file) {
  const bytes = readFileSync(apiPath('src/db/seed/media', media.file));
  const stored = await files.put(companyId, media.extension, bytes, { contentType: media.mime });
  await tx.insert(storedFiles).values({
    companyId,
    name: stored.name,
    originalName: name,
    size: stored.size,
    mime: media.mime,
    visibility: media.mime.startsWith('image/') ? 'public' : 'private',
    attachments: 1,
    attachedAt: new Date(),
  });
  return { url: fileUrlOf(stored.name), name: stored.name, size: stored.size };
}

async function seedLibrary(tx: Db, files: FileStorage, companyId: number, library: SeedContent[]) {
  const ids = new Map<string, number>();
  for (const item of library) {
    const cover = await storeMedia(tx, files, companyId, { file: item.cover, mime: 'image/jpeg', extension: 'jpg' });
    const [content] = await tx
      .insert(contents)
      .values({
        companyId,
        type: item.type,
        title: item.title,
        description: item.description,
        coverUrl: cover.url,
        durationSeconds: item.durationSeconds ?? null,
        language: item.language,
        minReadingSeconds: item.minReadingSeconds ?? null,
        externalUrl: item.externalUrl ?? null,
        body: item.body ?? null,
      })
      .returning({ id: contents.id });
    if (!content) throw new Error('content insert failed');
    const file = item.media ? await storeMedia(tx, files, companyId, item.media) : null;
    // The package is read by the same inspector an upload goes through.
    const scorm = file && item.type === 'scorm' ? await inspectScormPackage(files, companyId, file.name) : null;
    const [version] = await tx
      .insert(contentVersions)
      .values({
        companyId,
        contentId: content.id,
        number: 1,
        fileUrl: file?.url ?? null,
        fileName: item.media?.file ?? null,
        fileSize: file?.size ?? null,
        mime: item.media?.mime ?? null,
        durationSeconds: item.type === 'video' ? (item.durationSeconds ?? null) : null,
        pageCount: item.pageCount ?? null,
        scorm,
      })
      .returning({ id: contentVersions.id });
    if (!version) throw new Error('content version insert failed');
    await tx.update(contents).set({ currentVersionId: version.id }).where(eq(contents.id, content.id));
    for (const marker of item.markers ?? []) {
      const { id: _id, type_id: typeId, second, ...body } = marker;
      await tx.insert(contentMarkers).values({ companyId, contentId: content.id, typeId, second, body });
    }
    ids.set(item.key, content.id);
  }
  return ids;
}

/** Learners of a company (the user role only), in a stable order. */
async function learnersOf(tx: Db, companyId: number, limit: number) {
  return tx
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(users.status, 1)))
    .orderBy(asc(users.id))
    .limit(limit);
}

/**
 * Where the demo learners stand: the demo learner has everything to do (nothing started, a video half watched), a
 * dozen colleagues have finished or started things, so the reports show real people.
 */
async function seedProgress(tx: Db, companyId: number, ids: Map<string, number>, learnerEmail: string) {
  const people = await learnersOf(tx, companyId, 40);
  const learner = people.find((p) => p.email === learnerEmail);
  const colleagues = people.filter((p) => p.email !== learnerEmail && !p.email?.startsWith('admin')).slice(0, 12);
  const contentIds = [...ids.values()];
  const enrolled = [...(learner ? [learner] : []), ...colleagues];
  const dueAt = new Date(Date.now() + 21 * 24 * 3600 * 1000);
  await tx
    .insert(contentEnrolments)
    .values(
      enrolled.flatMap((person) => contentIds.map((contentId) => ({ companyId, contentId, userId: person.id, dueAt }))),
    );
  const versions = await tx
    .select({ id: contentVersions.id, contentId: contentVersions.contentId })
    .from(contentVersions)
    .where(inArray(contentVersions.contentId, contentIds));
  const versionOf = new Map(versions.map((v) => [v.contentId, v.id]));
  const onboarding = ids.get('onboarding');
  const day = 24 * 3600 * 1000;
  const rows: (typeof contentProgress.$inferInsert)[] = [];
  colleagues.forEach((person, index) => {
    for (const [key, contentId] of ids) {
      // Each colleague got a different distance through the library: some finished, some halfway, some not started.
      const reach = (index * 7 + key.length * 3) % 10;
      if (reach < 3) continue;
      const completed = reach >= 6;
      const startedAt = new Date(Date.now() - (index + 3) * day);
      const isVideo = key === 'onboarding' || key === 'security';
      // A video's percentage is what its ranges cover of its 8 s; the other kinds got somewhere along the way.
      const ranges: WatchedRange[] = isVideo ? [[0, completed ? 8 : 4]] : [];
      rows.push({
        companyId,
        contentId,
        userId: person.id,
        versionId: versionOf.get(contentId) as number,
        status: completed ? 'completed' : 'in_progress',
        progress: completed ? 100 : isVideo ? 50 : 40 + reach * 5,
        watchedRanges: ranges,
        position: ranges[0]?.[1] ?? 0,
        timeSpentSeconds: completed ? 180 + index * 20 : 60 + index * 10,
        score: key === 'safety' || key === 'service' ? (completed ? 70 + ((index * 13) % 30) : null) : null,
        success: key === 'safety' || key === 'service' ? (completed ? 'passed' : null) : null,
        startedAt,
        completedAt: completed ? new Date(startedAt.getTime() + day / 2) : null,
        updatedAt: startedAt,
      });
    }
  });
  // The demo learner is halfway through the welcome video: the player resumes at 4 s.
  if (learner && onboarding) {
    rows.push({
      companyId,
      contentId: onboarding,
      userId: learner.id,
      versionId: versionOf.get(onboarding) as number,
      status: 'in_progress',
      progress: 50,
      watchedRanges: [[0, 4]],
      position: 4,
      timeSpentSeconds: 5,
      startedAt: new Date(Date.now() - day),
      updatedAt: new Date(Date.now() - day),
    });
  }
  if (rows.length > 0) await tx.insert(contentProgress).values(rows);
  if (onboarding) await seedMarkerAnswers(tx, companyId, onboarding, colleagues.slice(0, 8));
}

/** Colleagues who watched the welcome video answered its questions, a few of them wrongly. */
async function seedMarkerAnswers(tx: Db, companyId: number, contentId: number, people: { id: number }[]) {
  const markers = await tx
    .select({ id: contentMarkers.id, typeId: contentMarkers.typeId })
    .from(contentMarkers)
    .where(eq(contentMarkers.contentId, contentId))
    .orderBy(asc(contentMarkers.second));
  const [first, second, third] = markers;
  if (!first || !second || !third) return;
  const values = people.flatMap((person, index) => [
    {
      companyId,
      contentId,
      userId: person.id,
      markerId: first.id,
      answer: [[index % 4 === 3 ? 1 : 0]],
      correct: index % 4 !== 3,
    },
    {
      companyId,
      contentId,
      userId: person.id,
      markerId: second.id,
      answer: [[0], [index % 3 === 0 ? 0 : 1]],
      correct: index % 3 !== 0,
    },
    { companyId, contentId, userId: person.id, markerId: third.id, answer: [[index % 3]], correct: null },
  ]);
  await tx.insert(contentMarkerAnswers).values(values);
}

/**
 * The demo content libraries of Demo Holding and Acme Corp, with enrolments and progress; answers each library's
 * content ids by key (onboarding, security…), from which the demo educations are built.
 */
export async function seedContent(tx: Db, files: FileStorage, companies: { demo: number; acme: number }) {
  const demo = await seedLibrary(tx, files, companies.demo, DEMO_LIBRARY);
  await seedProgress(tx, companies.demo, demo, 'learner@demo.test');
  const acme = await seedLibrary(tx, files, companies.acme, ACME_LIBRARY);
  await seedProgress(tx, companies.acme, acme, 'learner@acme.test');
  return { demo, acme };
}
