import { DEFAULT_LOGIN_OPTIONS, MODULE_KEYS, ROLE, type ThemeSettings } from '@kampus/shared';
import { count } from 'drizzle-orm';
import { hashPassword } from '../../platform/auth/passwords.js';
import type { FileStorage } from '../../platform/storage.js';
import type { Db } from '../client.js';
import { companies, companySettings, roleUser, shortLinks, users } from '../schema/index.js';
import { asSystem } from '../scope.js';
import { seedAnnouncements } from './announcements.js';
import { seedAutoAssignments } from './auto-assignments.js';
import { seedCertificateTemplates } from './certificate-templates.js';
import { seedCertificates } from './certificates.js';
import { seedClassrooms } from './classrooms.js';
import { seedCompetencies } from './competencies.js';
import { seedContent } from './content.js';
import { seedConversations } from './conversations.js';
import { seedEducations } from './educations.js';
import { type DemoRollUps, rollUpPostTestEnrolments, seedExamAttempts } from './exam-attempts.js';
import { seedExams } from './exams.js';
import { seedFaq } from './faq.js';
import { seedGifts } from './gifts.js';
import { seedJobs } from './jobs.js';
import { seedMenus } from './menu.js';
import { seedPoints } from './points.js';
import { seedQuestions } from './questions.js';
import { seedRegistrationRequests } from './registration-requests.js';
import { seedSurveys } from './surveys.js';
import { seedTrainingRequests } from './training-requests.js';
import { seedUserFields } from './user-fields.js';
import { seedUserGroups } from './user-groups.js';

export const DEMO_PASSWORD = 'Kampus!2026';

export const DEMO_ACCOUNTS = [
  {
    email: 'super@kampus.test',
    label: 'super admin (any company host)',
    company: 'demo',
    roles: [ROLE.superAdmin, ROLE.admin, ROLE.user],
  },
  { email: 'admin@demo.test', label: 'admin of Demo Holding', company: 'demo', roles: [ROLE.admin, ROLE.user] },
  { email: 'learner@demo.test', label: 'learner of Demo Holding', company: 'demo', roles: [ROLE.user] },
  { email: 'admin@acme.test', label: 'admin of Acme Corp', company: 'acme', roles: [ROLE.admin, ROLE.user] },
  { email: 'learner@acme.test', label: 'learner of Acme Corp', company: 'acme', roles: [ROLE.user] },
] as const;

const TURKISH_NAMES = {
  first: [
    'Ayşe',
    'Mehmet',
    'Zeynep',
    'Mustafa',
    'Elif',
    'Ahmet',
    'Merve',
    'Emre',
    'Büşra',
    'Burak',
    'Selin',
    'Can',
    'Ece',
    'Kerem',
    'Deniz',
    'Oğuz',
    'Gökçe',
    'Serkan',
    'İrem',
    'Tolga',
    'Şeyma',
    'Barış',
    'Cansu',
    'Onur',
    'Gülşen',
  ],
  last: [
    'Yılmaz',
    'Kaya',
    'Demir',
    'Şahin',
    'Çelik',
    'Yıldız',
    'Yıldırım',
    'Öztürk',
    'Aydın',
    'Özdemir',
    'Arslan',
    'Doğan',
    'Kılıç',
    'Aslan',
    'Çetin',
    'Koç',
    'Kurt',
    'Özkan',
    'Şimşek',
    'Polat',
    'Erdoğan',
    'Güneş',
    'Aksoy',
    'Tekin',
    'Karaca',
  ],
};
const AZERBAIJANI_NAMES = {
  first: [
    'Aysel',
    'Elvin',
    'Günay',
    'Rəşad',
    'Nigar',
    'Orxan',
    'Leyla',
    'Tural',
    'Sevinc',
    'Kamran',
    'Lalə',
    'Fərid',
    'Aynur',
    'Ramil',
    'Könül',
    'Elnur',
    'Səbinə',
    'Vüsal',
    'Nərmin',
    'Anar',
    'Ülviyyə',
    'Cavid',
    'Gülnar',
    'Nicat',
    'Xədicə',
  ],
  last: [
    'Məmmədov',
    'Əliyev',
    'Həsənov',
    'Hüseynov',
    'Quliyev',
    'İsmayılov',
    'Abbasov',
    'Cəfərov',
    'Rəhimov',
    'Süleymanov',
    'Babayev',
    'Nəsirov',
    'Orucov',
    'Kərimov',
    'Vəliyev',
    'Zeynalov',
    'Mustafayev',
    'Əhmədov',
    'Qasımov',
    'Novruzov',
    'Bayramov',
    'Rzayev',
    'Sadıqov',
    'Tağıyev',
    'Şükürov',
  ],
};
const DEPARTMENTS = [
  'Satış',
  'Pazarlama',
  'İnsan Kaynakları',
  'Finans',
  'Bilgi Teknolojileri',
  'Operasyon',
  'Müşteri Hizmetleri',
];

/** A small deterministic generator, so every fresh demo database holds the same people. */
function seededRandom(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

/** Latin-ASCII mail-box part of a name: Şükürov → sukurov, Əliyev → aliyev. */
function mailbox(value: string): string {
  const map: Record<string, string> = {
    ç: 'c',
    ğ: 'g',
    ı: 'i',
    i: 'i',
    ö: 'o',
    ş: 's',
    ü: 'u',
    ə: 'a',
    x: 'x',
    q: 'q',
  };
  return value
    .toLocaleLowerCase('tr')
    .split('')
    .map((c) => map[c] ?? c)
    .join('')
    .normalize('NFD')
    .replace(/[^a-z]/g, '');
}

const TITLES = ['Uzman', 'Kıdemli Uzman', 'Takım Lideri', 'Müdür', 'Asistan', 'Analist', 'Stajyer'];
const LOCATIONS = ['İstanbul', 'Ankara', 'İzmir', 'Bakü', 'Bursa', 'Uzaktan'];

function learners(count: number, seed: number, domain: string) {
  const random = seededRandom(seed);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)] as T;
  const seen = new Set<string>();
  return Array.from({ length: count }, (_, index) => {
    const names = random() < 0.6 ? TURKISH_NAMES : AZERBAIJANI_NAMES;
    const name = pick(names.first);
    const surname = pick(names.last);
    let email = `${mailbox(name)}.${mailbox(surname)}@${domain}`;
    if (seen.has(email)) email = `${mailbox(name)}.${mailbox(surname)}${index}@${domain}`;
    seen.add(email);
    return {
      name,
      surname,
      email,
      username: email.split('@')[0],
      registrationNumber: `${domain.slice(0, 2).toUpperCase()}${String(1000 + index)}`,
      phone: `+90555${String(1_000_000 + Math.floor(random() * 8_999_999)).slice(0, 7)}`,
      language: names === AZERBAIJANI_NAMES ? 'az' : 'tr',
      bio: `${pick(DEPARTMENTS)}`,
      // Derived from the index, not drawn, so the random sequence (and every name above) stays as it was.
      title: TITLES[(index * 3) % TITLES.length],
      location: LOCATIONS[(index * 5) % LOCATIONS.length],
      hireDate: new Date(Date.UTC(2015 + (index % 10), (index * 7) % 12, 1 + ((index * 11) % 28)))
        .toISOString()
        .slice(0, 10),
    };
  });
}

const DEMO_THEME: ThemeSettings = {
  primaryColor: '#3F51B5',
  secondaryColor: '#eff2f7',
  backgroundColor: '#666CFF',
  iconColor: '#93949c',
  infoColor: '#00b8d9',
  dangerColor: '#EC5252',
  successColor: '#36b37e',
  warningColor: '#ffab00',
  linkedinLink: 'https://www.linkedin.com/company/demo-holding',
  instagramLink: 'https://www.instagram.com/demoholding',
  facebookLink: 'https://www.facebook.com/demoholding',
  youtubeLink: 'https://www.youtube.com/@demoholding',
};
const ACME_THEME: ThemeSettings = {
  primaryColor: '#C2410C',
  secondaryColor: '#FFF7ED',
  backgroundColor: '#EA580C',
  iconColor: '#78716C',
  infoColor: '#0EA5E9',
  dangerColor: '#DC2626',
  successColor: '#16A34A',
  warningColor: '#F59E0B',
  linkedinLink: 'https://www.linkedin.com/company/acme-corp',
  instagramLink: 'https://www.instagram.com/acmecorp',
  facebookLink: '',
  youtubeLink: 'https://www.youtube.com/@acmecorp',
};

export async function isDatabaseEmpty(db: Db): Promise<boolean> {
  const [row] = await db.select({ value: count() }).from(companies);
  return (row?.value ?? 0) === 0;
}

/**
 * The demo data of the README: a holding with two sub-companies, a separate company, and their people and content
 * (whose files go into `files`, the storage the app serves from). `rollUps` are the built application's services
 * whose roll-ups bring what the seeds wrote directly in line (the post-tests' enrolments and assignments).
 */
export async function seedDemo(db: Db, files: FileStorage, rollUps: DemoRollUps): Promise<void> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await asSystem(db, async (tx) => {
    const insertCompany = async (values: typeof companies.$inferInsert) => {
      const [row] = await tx.insert(companies).values(values).returning();
      if (!row) throw new Error('company insert failed');
      return row;
    };
    const demo = await insertCompany({
      name: 'Demo Holding',
      slug: 'demo',
      isGroupAlias: true,
      canSwitchCompany: true,
      surnameViewRestrict: 1,
    });
    const retail = await insertCompany({ name: 'Demo Perakende', slug: 'demo-retail', parentId: demo.id });
    const tech = await insertCompany({ name: 'Demo Teknoloji', slug: 'demo-tech', parentId: demo.id });
    const acme = await insertCompany({ name: 'Acme Corp', slug: 'acme', defaultLanguage: 'en' });
    const bySlug = { demo, acme } as const;

    const settings = (companyId: number, theme: ThemeSettings, identifiers: string[]) => [
      { companyId, key: 'theme_settings', value: theme },
      { companyId, key: 'login_options', value: { ...DEFAULT_LOGIN_OPTIONS, identifiers, self_registration: true } },
      { companyId, key: 'modules', value: [...MODULE_KEYS] },
      { companyId, key: 'chat_is_disabled', value: false },
      { companyId, key: 'hide_online_users', value: false },
      { companyId, key: 'hide_copyright_notice', value: false },
    ];
    await tx
      .insert(companySettings)
      .values([
        ...settings(demo.id, DEMO_THEME, ['email', 'username', 'registration_number']),
        ...settings(retail.id, DEMO_THEME, ['email', 'username']),
        ...settings(tech.id, DEMO_THEME, ['email', 'username']),
        ...settings(acme.id, ACME_THEME, ['email', 'username', 'phone']),
      ]);

    await seedMenus(tx, { demoGroup: [demo.id, retail.id, tech.id], acme: acme.id });
    await tx.insert(shortLinks).values([
      { companyId: demo.id, code: 'hosgeldin', target: '/dashboard' },
      { companyId: acme.id, code: 'welcome', target: '/dashboard' },
    ]);

    const now = new Date();
    for (const account of DEMO_ACCOUNTS) {
      const [first, last] = account.email.startsWith('super')
        ? ['Süper', 'Yönetici']
        : account.email.startsWith('admin')
          ? ['Derya', account.company === 'acme' ? 'Walker' : 'Yönetici']
          : ['Deniz', account.company === 'acme' ? 'Miller' : 'Öğrenci'];
      const companyId = bySlug[account.company].id;
      const [user] = await tx
        .insert(users)
        .values({
          companyId,
          name: first ?? '',
          surname: last ?? '',
          email: account.email,
          username: account.email.split('@')[0],
          passwordHash,
          emailVerifiedAt: now,
          language: account.company === 'acme' ? 'en' : 'tr',
        })
        .returning();
      if (!user) throw new Error('user insert failed');
      await tx.insert(roleUser).values(account.roles.map((roleId) => ({ companyId, userId: user.id, roleId })));
    }

    const people = [
      { company: demo, list: learners(50, 7, 'demo.test') },
      { company: retail, list: learners(12, 11, 'retail.demo.test') },
      { company: tech, list: learners(12, 13, 'tech.demo.test') },
      { company: acme, list: learners(50, 17, 'acme.test') },
    ];
    for (const { company, list } of people) {
      const rows = await tx
        .insert(users)
        .values(
          list.map((person) => ({
            ...person,
            department: person.bio,
            companyId: company.id,
            passwordHash,
            emailVerifiedAt: now,
          })),
        )
        .returning({ id: users.id });
      await tx
        .insert(roleUser)
        .values(rows.map((row) => ({ companyId: company.id, userId: row.id, roleId: ROLE.user })));
    }
    await seedConversations(tx, { demo: demo.id, acme: acme.id });
    await seedFaq(tx, demo.id);
    await seedUserGroups(tx, { demo: demo.id });
    await seedUserFields(tx, demo.id);
    await seedRegistrationRequests(tx, demo.id, passwordHash);
    await seedJobs(tx, demo.id);
    const libraries = await seedContent(tx, files, { demo: demo.id, acme: acme.id });
    await seedEducations(tx, files, { demo: demo.id, acme: acme.id }, libraries);
    await seedClassrooms(tx, files, { demo: demo.id, acme: acme.id });
    await seedQuestions(tx, { demo: demo.id, acme: acme.id });
    await seedExams(tx, [
      { companyId: demo.id, slug: 'demo', language: 'tr', adminEmail: 'admin@demo.test' },
      { companyId: acme.id, slug: 'acme', language: 'en', adminEmail: 'admin@acme.test' },
    ]);
    await seedAutoAssignments(tx, [
      { id: demo.id, language: 'tr' },
      { id: acme.id, language: 'en' },
    ]);
    await seedTrainingRequests(tx, demo.id, 'tr', 'learner@demo.test');
    await seedTrainingRequests(tx, acme.id, 'en', 'learner@acme.test');
    await seedSurveys(tx, demo.id, 'tr', 'learner@demo.test');
    await seedSurveys(tx, acme.id, 'en', 'learner@acme.test');
    // Attempts on the seeded exams (the exams seed comes before this once merged; without exams it adds nothing).
    await seedExamAttempts(tx, demo.id, 'tr', 'learner@demo.test');
    await seedExamAttempts(tx, acme.id, 'en', 'learner@acme.test');
    await rollUpPostTestEnrolments(tx, demo.id, rollUps);
    await rollUpPostTestEnrolments(tx, acme.id, rollUps);
    // Competencies last: their rules are applied to the completions and passed attempts seeded above.
    await seedCompetencies(tx, demo.id, 'tr', 'learner@demo.test');
    await seedCompetencies(tx, acme.id, 'en', 'learner@acme.test');
    await seedCertificateTemplates(tx, files, [
      {
        companyId: demo.id,
        language: 'tr',
        primary: DEMO_THEME.primaryColor ?? '#3F51B5',
        tint: '#eef0fb',
        signers: ['Ayşe Karaca · İnsan Kaynakları Direktörü', 'Mehmet Öztürk · Genel Müdür'],
      },
      {
        companyId: acme.id,
        language: 'en',
        primary: ACME_THEME.primaryColor ?? '#C2410C',
        tint: ACME_THEME.secondaryColor ?? '#FFF7ED',
        signers: ['Sarah Collins · Head of People', 'David Reyes · Chief Executive Officer'],
      },
    ]);
    await seedAnnouncements(tx, files, [
      {
        companyId: demo.id,
        language: 'tr',
        primary: DEMO_THEME.primaryColor ?? '#3F51B5',
        accent: DEMO_THEME.backgroundColor ?? '#666CFF',
        adminEmail: 'admin@demo.test',
        groupName: 'Yönetici Gelişim Programı',
      },
      {
        companyId: acme.id,
        language: 'en',
        primary: ACME_THEME.primaryColor ?? '#C2410C',
        accent: ACME_THEME.backgroundColor ?? '#EA580C',
        adminEmail: 'admin@acme.test',
      },
    ]);
    // Certificates after their templates: definitions, and issued certificates rendered by the job once running.
    await seedCertificates(tx, rollUps.platform.jobs, demo.id, 'tr', 'learner@demo.test');
    await seedCertificates(tx, rollUps.platform.jobs, acme.id, 'en', 'learner@acme.test');
    // Points after everything that earns them: rules on, four months of history, a closed first season.
    await seedPoints(tx, [demo.id, retail.id, tech.id, acme.id], ['learner@demo.test', 'learner@acme.test']);
    // The gift store after the points: its requests are paid from the balances the history gave.
    await seedGifts(tx, files, [
      {
        companyId: demo.id,
        language: 'tr',
        primary: DEMO_THEME.primaryColor ?? '#3F51B5',
        accent: DEMO_THEME.backgroundColor ?? '#666CFF',
        adminEmail: 'admin@demo.test',
        learnerEmail: 'learner@demo.test',
      },
      {
        companyId: acme.id,
        language: 'en',
        primary: ACME_THEME.primaryColor ?? '#C2410C',
        accent: ACME_THEME.backgroundColor ?? '#EA580C',
        adminEmail: 'admin@acme.test',
        learnerEmail: 'learner@acme.test',
      },
    ]);
  });
  // What the roll-ups recorded reaches its subscribers after the commit: the demo is whole once they are done.
  await rollUps.platform.events.idle();
}
