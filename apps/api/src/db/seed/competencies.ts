import type { CompetencyTrigger, LocalizedText } from '@kampus/shared';
import { sql } from 'drizzle-orm';
import { applyRule } from '../../modules/learning/competencies/raise.js';
import type { Db } from '../client.js';
import {
  competencies,
  competencyCategories,
  competencyGroupTargets,
  competencyLevelHistory,
  competencyPersonLevels,
  competencyRules,
} from '../schema/index.js';

type Lang = 'tr' | 'en';
const DAY = 86_400_000;

const LEVELS: Record<Lang, string[]> = {
  tr: ['Başlangıç', 'Gelişen', 'Yetkin', 'İleri', 'Uzman'],
  en: ['Beginner', 'Developing', 'Competent', 'Advanced', 'Expert'],
};

interface CompetencyData {
  key: string;
  names: LocalizedText;
  description: Record<Lang, string>;
}

interface CategoryData {
  names: LocalizedText;
  competencies: CompetencyData[];
}

/** The demo framework: three categories of four competencies, named in all four languages. */
const FRAMEWORK: CategoryData[] = [
  {
    names: { tr: 'Liderlik', en: 'Leadership', az: 'Liderlik', de: 'Führung' },
    competencies: [
      {
        key: 'team',
        names: { tr: 'Ekip yönetimi', en: 'Team management', az: 'Komanda idarəetməsi', de: 'Teamführung' },
        description: {
          tr: 'Ekibin hedeflerini belirler, işi paylaştırır ve ekip üyelerinin gelişimini izler.',
          en: "Sets the team's goals, shares out the work and follows each member's development.",
        },
      },
      {
        key: 'feedback',
        names: { tr: 'Geri bildirim verme', en: 'Giving feedback', az: 'Rəy bildirmə', de: 'Feedback geben' },
        description: {
          tr: 'Zamanında, somut ve yapıcı geri bildirim verir; geri bildirimi açıkça karşılar.',
          en: 'Gives timely, specific and constructive feedback, and takes feedback openly.',
        },
      },
      {
        key: 'decisions',
        names: { tr: 'Karar verme', en: 'Decision making', az: 'Qərarvermə', de: 'Entscheidungsfindung' },
        description: {
          tr: 'Seçenekleri ve riskleri tartar, gerektiğinde belirsizlik altında da karar alır.',
          en: 'Weighs options and risks, and decides under uncertainty when needed.',
        },
      },
      {
        key: 'change',
        names: {
          tr: 'Değişim yönetimi',
          en: 'Change management',
          az: 'Dəyişikliklərin idarə edilməsi',
          de: 'Veränderungsmanagement',
        },
        description: {
          tr: 'Değişimin nedenini anlatır, etkilenenleri sürece katar ve direnci yönetir.',
          en: 'Explains why things change, involves the people affected and handles resistance.',
        },
      },
    ],
  },
  {
    names: {
      tr: 'Dijital ve teknik yetkinlikler',
      en: 'Digital and technical skills',
      az: 'Rəqəmsal və texniki bacarıqlar',
      de: 'Digitale und fachliche Kompetenzen',
    },
    competencies: [
      {
        key: 'security',
        names: {
          tr: 'Bilgi güvenliği bilinci',
          en: 'Information security awareness',
          az: 'İnformasiya təhlükəsizliyi şüuru',
          de: 'Bewusstsein für Informationssicherheit',
        },
        description: {
          tr: 'Oltalama girişimlerini tanır, güçlü parola kullanır ve bilgiyi sınıfına göre korur.',
          en: 'Recognises phishing, uses strong passwords and protects information by its classification.',
        },
      },
      {
        key: 'data',
        names: { tr: 'Veri okuryazarlığı', en: 'Data literacy', az: 'Məlumat savadlılığı', de: 'Datenkompetenz' },
        description: {
          tr: 'Verileri okur, yorumlar ve kararlarını verilerle destekler.',
          en: 'Reads and interprets data, and backs decisions with it.',
        },
      },
      {
        key: 'collaboration',
        names: {
          tr: 'Dijital iş birliği araçları',
          en: 'Digital collaboration tools',
          az: 'Rəqəmsal əməkdaşlıq alətləri',
          de: 'Digitale Kollaborationstools',
        },
        description: {
          tr: 'Ortak belgeler, toplantı ve mesajlaşma araçlarıyla verimli çalışır.',
          en: 'Works well with shared documents, meeting and messaging tools.',
        },
      },
      {
        key: 'projects',
        names: { tr: 'Proje yönetimi', en: 'Project management', az: 'Layihə idarəetməsi', de: 'Projektmanagement' },
        description: {
          tr: 'Kapsamı, zamanı ve kaynakları planlar; riskleri izler ve paydaşları bilgilendirir.',
          en: 'Plans scope, time and resources, tracks risks and keeps stakeholders informed.',
        },
      },
    ],
  },
  {
    names: {
      tr: 'Uyum ve güvenlik',
      en: 'Compliance and safety',
      az: 'Uyğunluq və təhlükəsizlik',
      de: 'Compliance und Sicherheit',
    },
    competencies: [
      {
        key: 'privacy',
        names: {
          tr: 'Kişisel verilerin korunması',
          en: 'Data protection and privacy',
          az: 'Şəxsi məlumatların qorunması',
          de: 'Datenschutz',
        },
        description: {
          tr: 'KVKK ilkelerine göre kişisel verileri işler, paylaşır ve saklar.',
          en: 'Processes, shares and keeps personal data according to data protection principles.',
        },
      },
      {
        key: 'safety',
        names: {
          tr: 'İş sağlığı ve güvenliği',
          en: 'Health and safety at work',
          az: 'Əməyin mühafizəsi və təhlükəsizlik',
          de: 'Arbeitsschutz',
        },
        description: {
          tr: 'Tehlikeleri fark eder, ramak kala olayları bildirir ve güvenli çalışma kurallarına uyar.',
          en: 'Spots hazards, reports near misses and follows safe working rules.',
        },
      },
      {
        key: 'ethics',
        names: { tr: 'Etik davranış', en: 'Ethical conduct', az: 'Etik davranış', de: 'Ethisches Verhalten' },
        description: {
          tr: 'Çıkar çatışmalarını bildirir, hediye kurallarına uyar ve şüpheli durumları raporlar.',
          en: 'Declares conflicts of interest, follows the gifts policy and reports concerns.',
        },
      },
      {
        key: 'fire',
        names: {
          tr: 'Yangın ve acil durum hazırlığı',
          en: 'Fire and emergency readiness',
          az: 'Yanğın və fövqəladə hallara hazırlıq',
          de: 'Brandschutz und Notfallbereitschaft',
        },
        description: {
          tr: 'Tahliye yollarını ve toplanma alanını bilir, yangın anında doğru adımları atar.',
          en: 'Knows the escape routes and assembly point, and takes the right steps in a fire.',
        },
      },
    ],
  },
];

interface RuleData {
  name: Record<Lang, string>;
  trigger: CompetencyTrigger;
  /** The education's or exam's title in each language, as the learning seeds name them. */
  ref: Record<Lang, string>;
  minScore?: number;
  competency: string;
  level: number;
}

/** Rules tied to the demo educations and exams (their seeded titles). */
const RULES: RuleData[] = [
  {
    name: { tr: 'Bilgi güvenliği eğitimini tamamlayanlar', en: 'Completed information security training' },
    trigger: 'education_completed',
    ref: { tr: 'Bilgi Güvenliği Farkındalığı', en: 'Information Security Awareness' },
    competency: 'security',
    level: 2,
  },
  {
    name: {
      tr: 'Bilgi güvenliği son testini 80 ve üzeri puanla geçenler',
      en: 'Information security post-test passed with 80+',
    },
    trigger: 'exam_passed',
    ref: { tr: 'Bilgi Güvenliği Farkındalığı — Son Test', en: 'Information Security Awareness — Post-test' },
    minScore: 80,
    competency: 'security',
    level: 3,
  },
  {
    name: { tr: 'Parola ve çok faktörlü doğrulama eğitimi', en: 'Passwords and multi-factor authentication training' },
    trigger: 'education_completed',
    ref: { tr: 'Güçlü Parola ve Çok Faktörlü Doğrulama', en: 'Strong Passwords and Multi-Factor Authentication' },
    competency: 'security',
    level: 2,
  },
  {
    name: { tr: 'KVKK eğitimini tamamlayanlar', en: 'Completed data protection training' },
    trigger: 'education_completed',
    ref: { tr: 'KVKK ve Kişisel Verilerin Korunması', en: 'Data Protection and Privacy (GDPR)' },
    competency: 'privacy',
    level: 2,
  },
  {
    name: { tr: 'KVKK son testini geçenler', en: 'Data protection post-test passed' },
    trigger: 'exam_passed',
    ref: { tr: 'KVKK — Son Test', en: 'Data Protection — Post-test' },
    minScore: 70,
    competency: 'privacy',
    level: 3,
  },
  {
    name: { tr: 'İSG temel eğitimini tamamlayanlar', en: 'Completed health and safety essentials' },
    trigger: 'education_completed',
    ref: { tr: 'İş Sağlığı ve Güvenliği Temel Eğitimi', en: 'Health and Safety Essentials' },
    competency: 'safety',
    level: 2,
  },
  {
    name: { tr: 'Yangın güvenliği eğitimini tamamlayanlar', en: 'Completed fire safety training' },
    trigger: 'education_completed',
    ref: { tr: 'Yangın Güvenliği ve Tahliye', en: 'Fire Safety and Evacuation' },
    competency: 'fire',
    level: 2,
  },
  {
    name: { tr: 'Etik ve uyum eğitimini tamamlayanlar', en: 'Completed ethics and compliance training' },
    trigger: 'education_completed',
    ref: { tr: 'Etik ve Uyum', en: 'Ethics and Compliance' },
    competency: 'ethics',
    level: 2,
  },
];

/** Assessments by hand: the leadership and digital competencies, which no training proves on its own. */
const ASSESSED = ['team', 'feedback', 'decisions', 'change', 'data', 'collaboration', 'projects'];

const NOTES: Record<Lang, string[]> = {
  tr: [
    'Yıllık performans değerlendirmesi',
    'Yönetici gözlemi',
    'Proje sonrası değerlendirme',
    '360 derece geri bildirim',
  ],
  en: ['Annual performance review', "Manager's observation", 'Post-project review', '360-degree feedback'],
};

function seededRandom(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

async function rows<T>(tx: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await tx.execute(query)) as unknown as { rows: T[] }).rows;
}

/**
 * A company's competency framework (three categories of four competencies, five levels each, in the company's
 * language), rules tied to the demo educations and exams, applied to the people who already completed or passed
 * them, people's assessed levels with their history (some raised over time), and the managers' group targets.
 * Runs after the learning seeds (it reads their completions and attempts).
 */
export async function seedCompetencies(tx: Db, companyId: number, language: Lang, learnerEmail: string) {
  const random = seededRandom(companyId * 6007 + 29);
  const now = Date.now();
  const [admin] = await rows<{ id: number }>(
    tx,
    sql`select u.id from users u join role_user ru on ru.user_id = u.id
      where u.company_id = ${companyId} and ru.role_id = 2
        and not exists (select 1 from role_user s where s.user_id = u.id and s.role_id = 1)
      order by u.id limit 1`,
  );
  const byKey = new Map<string, number>();
  for (const [order, category] of FRAMEWORK.entries()) {
    const [row] = await tx
      .insert(competencyCategories)
      .values({ companyId, names: category.names, order: order + 1 })
      .returning({ id: competencyCategories.id });
    if (!row) throw new Error('competency category insert returned nothing');
    for (const item of category.competencies) {
      const [competency] = await tx
        .insert(competencies)
        .values({
          companyId,
          categoryId: row.id,
          names: item.names,
          description: item.description[language],
          levels: LEVELS[language],
        })
        .returning({ id: competencies.id });
      if (!competency) throw new Error('competency insert returned nothing');
      byKey.set(item.key, competency.id);
    }
  }
  const competencyOf = (key: string) => {
    const id = byKey.get(key);
    if (id === undefined) throw new Error(`no competency ${key}`);
    return id;
  };

  // People's assessed levels, some raised once since a first assessment.
  const people = await rows<{ id: number; email: string | null }>(
    tx,
    sql`select id, email from users where company_id = ${companyId} and status = 1 order by id`,
  );
  const notes = NOTES[language];
  for (const person of people) {
    const isLearner = person.email === learnerEmail;
    for (const key of ASSESSED) {
      if (!isLearner && random() > 0.55) continue;
      const level = 1 + Math.floor(random() * 4);
      const setAt = new Date(now - (10 + Math.floor(random() * 150)) * DAY);
      const raised = level > 1 && random() < 0.35;
      const entries = raised
        ? [
            { from: null, to: level - 1, at: new Date(setAt.getTime() - 120 * DAY) },
            { from: level - 1, to: level, at: setAt },
          ]
        : [{ from: null, to: level, at: setAt }];
      for (const entry of entries) {
        await tx.insert(competencyLevelHistory).values({
          companyId,
          userId: person.id,
          competencyId: competencyOf(key),
          fromLevel: entry.from,
          toLevel: entry.to,
          source: 'manual',
          setBy: admin?.id ?? null,
          note: notes[Math.floor(random() * notes.length)] ?? null,
          setAt: entry.at,
        });
      }
      await tx.insert(competencyPersonLevels).values({
        companyId,
        userId: person.id,
        competencyId: competencyOf(key),
        level,
        source: 'manual',
        setBy: admin?.id ?? null,
        setAt,
      });
    }
  }

  // The rules, then applied to the people who already completed or passed (as an admin's back-apply would).
  for (const rule of RULES) {
    const table = rule.trigger === 'exam_passed' ? sql`exams` : sql`educations`;
    const [ref] = await rows<{ id: number }>(
      tx,
      sql`select id from ${table} where company_id = ${companyId} and title = ${rule.ref[language]} order by id limit 1`,
    );
    if (!ref) continue;
    const [row] = await tx
      .insert(competencyRules)
      .values({
        companyId,
        name: rule.name[language],
        trigger: rule.trigger,
        refId: ref.id,
        minScore: rule.minScore ?? null,
        competencyId: competencyOf(rule.competency),
        level: rule.level,
        createdBy: admin?.id ?? null,
        createdAt: new Date(now - 30 * DAY),
      })
      .returning();
    if (!row) throw new Error('competency rule insert returned nothing');
    await applyRule(tx, {
      id: row.id,
      companyId,
      trigger: row.trigger,
      refId: row.refId,
      minScore: row.minScore,
      competencyId: row.competencyId,
      level: row.level,
    });
  }

  // The managers' group expects a competent level of the leadership competencies.
  const [managers] = await rows<{ id: number }>(
    tx,
    sql`select id from user_groups where company_id = ${companyId} and kind = 'static' order by id limit 1`,
  );
  if (managers) {
    await tx.insert(competencyGroupTargets).values(
      ['team', 'feedback', 'decisions', 'change', 'security'].map((key) => ({
        companyId,
        groupId: managers.id,
        competencyId: competencyOf(key),
        level: key === 'security' ? 2 : 3,
      })),
    );
  }
}
