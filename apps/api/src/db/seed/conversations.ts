import { and, asc, eq, notInArray } from 'drizzle-orm';
import type { Db } from '../client.js';
import { conversationParticipants, conversations, messages, users } from '../schema/index.js';

type Line = [sender: number, body: string, minutesAgo: number];
interface SeedConversation {
  group?: string;
  people: number[];
  lines: Line[];
  /** How long ago the learner last read it; null: never. Messages of others after that are unread. */
  learnerReadMinutesAgo: number | null;
}

const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000);

async function insertConversation(tx: Db, companyId: number, learnerId: number, seed: SeedConversation) {
  const lastAt = Math.min(...seed.lines.map(([, , minutes]) => minutes));
  const [row] = await tx
    .insert(conversations)
    .values({
      companyId,
      isGroup: seed.group !== undefined,
      name: seed.group ?? null,
      createdAt: ago(Math.max(...seed.lines.map(([, , minutes]) => minutes))),
      updatedAt: ago(lastAt),
    })
    .returning({ id: conversations.id });
  if (!row) throw new Error('conversation insert failed');
  await tx.insert(conversationParticipants).values(
    seed.people.map((userId) => ({
      companyId,
      conversationId: row.id,
      userId,
      // Everyone else has read up to the latest message; the learner as the seed says.
      lastReadAt:
        userId === learnerId
          ? seed.learnerReadMinutesAgo === null
            ? null
            : ago(seed.learnerReadMinutesAgo)
          : ago(lastAt),
    })),
  );
  await tx.insert(messages).values(
    seed.lines.map(([senderUserId, body, minutes]) => ({
      companyId,
      conversationId: row.id,
      senderUserId,
      body,
      createdAt: ago(minutes),
    })),
  );
}

async function userId(tx: Db, companyId: number, email: string): Promise<number> {
  const [row] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(users.email, email)));
  if (!row) throw new Error(`seed user ${email} missing`);
  return row.id;
}

/** The first colleagues of a company with Turkish names (the demo accounts left out), oldest accounts first. */
async function colleagues(tx: Db, companyId: number, count: number): Promise<number[]> {
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.companyId, companyId),
        eq(users.language, 'tr'),
        // The demo accounts (super@, admin@, learner@) have conversations of their own.
        notInArray(users.username, ['super', 'admin', 'learner']),
      ),
    )
    .orderBy(asc(users.id))
    .limit(count);
  if (rows.length < count) throw new Error('not enough seed colleagues');
  return rows.map((r) => r.id);
}

/** Conversations for the demo learners: two unread for learner@demo.test, one for learner@acme.test. */
export async function seedConversations(tx: Db, companies: { demo: number; acme: number }): Promise<void> {
  const demoLearner = await userId(tx, companies.demo, 'learner@demo.test');
  const demoAdmin = await userId(tx, companies.demo, 'admin@demo.test');
  const [a, b, c, d] = (await colleagues(tx, companies.demo, 4)) as [number, number, number, number];
  const demo: SeedConversation[] = [
    {
      people: [demoLearner, demoAdmin],
      learnerReadMinutesAgo: 2_800,
      lines: [
        [demoAdmin, 'Merhaba Deniz, Bilgi Güvenliği Farkındalık eğitimini bu hafta tamamlayabilir misin?', 2_900],
        [demoLearner, 'Merhaba Derya Hanım, perşembe gününe kadar bitiririm.', 2_870],
        [demoAdmin, 'Harika, teşekkürler! Sertifikanı aldıktan sonra bana da haber ver.', 180],
      ],
    },
    {
      group: 'Pazarlama Ekibi',
      people: [demoLearner, a, b, c],
      learnerReadMinutesAgo: 600,
      lines: [
        [b, 'Yeni kampanya eğitim videosu yayında, izlemeyi unutmayın!', 300],
        [c, 'İzledim, özellikle müşteri segmentasyonu bölümü çok faydalıydı.', 40],
      ],
    },
    {
      people: [demoLearner, a],
      learnerReadMinutesAgo: 1_400,
      lines: [
        [a, 'Yarınki satış sunumu için slaytları paylaşabilir misin?', 1_500],
        [demoLearner, 'Tabii, akşam ortak klasöre yüklüyorum.', 1_450],
      ],
    },
    {
      people: [demoLearner, d],
      learnerReadMinutesAgo: 8_600,
      lines: [
        [d, 'Geçen haftaki liderlik atölyesinin notlarını gönderdim.', 8_700],
        [demoLearner, 'Çok teşekkürler, elime ulaştı.', 8_650],
      ],
    },
  ];
  for (const seed of demo) await insertConversation(tx, companies.demo, demoLearner, seed);

  const acmeLearner = await userId(tx, companies.acme, 'learner@acme.test');
  const acmeAdmin = await userId(tx, companies.acme, 'admin@acme.test');
  const [x, y] = (await colleagues(tx, companies.acme, 2)) as [number, number];
  const acme: SeedConversation[] = [
    {
      people: [acmeLearner, acmeAdmin],
      learnerReadMinutesAgo: 1_000,
      lines: [
        [acmeAdmin, 'Thanks for finishing the onboarding module so quickly!', 1_200],
        [acmeAdmin, 'The quarterly compliance training is due on Friday. Let me know if you need more time.', 240],
      ],
    },
    {
      group: 'Product Team',
      people: [acmeLearner, x, y],
      learnerReadMinutesAgo: 1_300,
      lines: [
        [x, 'The release notes for version 4.2 are in the wiki.', 1_440],
        [y, "Great, I'll add a short quiz to the product training.", 1_380],
      ],
    },
  ];
  for (const seed of acme) await insertConversation(tx, companies.acme, acmeLearner, seed);
}
