import { readFileSync } from 'node:fs';
import type { ContentType, Locale, WatchedRange } from '@kampus/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { educationState } from '../../modules/learning/educations/rules.js';
import { dueDateOf } from '../../modules/learning/programs/rules.js';
import { apiPath } from '../../paths.js';
import { sanitizeRichText } from '../../platform/rich-text.js';
import type { FileStorage } from '../../platform/storage.js';
import { fileUrlOf } from '../../platform/uploads.js';
import type { Db } from '../client.js';
import {
  contentEnrolments,
  contentProgress,
  contents,
  contentVersions,
  educationCategories,
  educationEnrolments,
  educationHashtags,
  educationParts,
  educations,
  hashtags,
  programEnrolments,
  programSteps,
  programs,
  storedFiles,
  users,
} from '../schema/index.js';
import { type AssignmentSeedContext, planAssignments, writeAssignments } from './assignments.js';
import {
  CATEGORIES,
  type CategoryKey,
  EDUCATIONS,
  HASHTAGS,
  type PartKey,
  PROGRAMS,
  type SeedEducation,
  type SeedProgram,
} from './educations-data.js';

/**
 * The demo educations and programs (issue 13) of Demo Holding (Turkish) and Acme Corp (English): categories,
 * hashtags, a lesson page per education, twenty educations built from the content library, three programs, and
 * people at every stage of them.
 *
 * The progress is consistent by construction: the seed first decides what each person did in each content
 * (content_progress rows, next to the ones db/seed/content.ts wrote), then derives every education enrolment from its
 * parts' rows with the roll-up's own rule (rate = completed parts / all parts, rounded, 100 once completed; completed
 * when every required part is), gives the open parts as content enrolments as the roll-up does, and derives every
 * program enrolment from its steps' education enrolments (a sequential program enrols the next step only once the
 * previous one is completed). The live roll-up carries on from these figures (educations.test.ts checks both).
 */

const DAY = 24 * 3600 * 1000;
const HOUR = 3600 * 1000;
const CHUNK = 500;

type CompanyKey = 'demo' | 'acme';

/** A small deterministic generator, so every fresh demo database holds the same story. */
function seededRandom(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

const isoDate = (date: Date) => date.toISOString().slice(0, 10);

async function insertChunked<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += CHUNK) await insert(rows.slice(i, i + CHUNK));
}

// --- What a person did in one content ---

interface ContentInfo {
  id: number;
  type: ContentType;
  durationSeconds: number | null;
  pageCount: number | null;
  versionId: number;
}

interface ProgressState {
  status: 'in_progress' | 'completed';
  startedAt: Date;
  updatedAt: Date;
  completedAt: Date | null;
}

/** A content_progress row as the player would have left it (ranges, pages and percentages agree). */
function progressRow(
  companyId: number,
  userId: number,
  content: ContentInfo,
  completed: boolean,
  at: Date,
  random: () => number,
): typeof contentProgress.$inferInsert {
  const spentFull = content.durationSeconds ?? 300;
  const completedAt = completed ? new Date(at.getTime() + Math.max(spentFull, 60) * 1000) : null;
  const base = {
    companyId,
    contentId: content.id,
    userId,
    versionId: content.versionId,
    status: completed ? 'completed' : 'in_progress',
    startedAt: at,
    completedAt,
    updatedAt: completedAt ?? new Date(at.getTime() + 5 * 60 * 1000),
    timeSpentSeconds: Math.round(completed ? spentFull * (1 + random() * 0.4) : spentFull * (0.3 + random() * 0.2)),
  };
  switch (content.type) {
    case 'video': {
      const duration = content.durationSeconds ?? 8;
      const reached = completed ? duration : duration / 2;
      const ranges: WatchedRange[] = [[0, reached]];
      return {
        ...base,
        watchedRanges: ranges,
        position: reached,
        progress: completed ? 100 : Math.floor((reached / duration) * 100),
      };
    }
    case 'document': {
      const pages = content.pageCount ?? 1;
      const seen = completed ? pages : Math.max(1, Math.floor(pages / 2));
      return {
        ...base,
        pagesSeen: Array.from({ length: seen }, (_, i) => i + 1),
        position: seen,
        progress: completed ? 100 : Math.floor((seen / pages) * 100),
      };
    }
    case 'scorm':
      return completed
        ? { ...base, progress: 100, score: 70 + Math.floor(random() * 31), success: 'passed' }
        : { ...base, progress: 40 };
    default:
      // A page in progress was opened but not read to its end; a link is done once opened (never in progress).
      return { ...base, progress: completed ? 100 : 0 };
  }
}

/** Every content_progress row of a company: those already written and those this seed adds. */
class ProgressBook {
  private readonly states = new Map<string, ProgressState>();
  readonly fresh: (typeof contentProgress.$inferInsert)[] = [];

  constructor(
    private readonly companyId: number,
    private readonly contents: Map<number, ContentInfo>,
    private readonly random: () => number,
  ) {}

  private static key(userId: number, contentId: number) {
    return `${userId}:${contentId}`;
  }

  remember(userId: number, contentId: number, state: ProgressState) {
    this.states.set(ProgressBook.key(userId, contentId), state);
  }

  get(userId: number, contentId: number) {
    return this.states.get(ProgressBook.key(userId, contentId));
  }

  isCompleted(userId: number, contentId: number) {
    return this.get(userId, contentId)?.status === 'completed';
  }

  /** Adds a row unless the person already has one (a row once written is never rewritten). */
  private add(userId: number, contentId: number, completed: boolean, at: Date) {
    if (this.get(userId, contentId)) return;
    const content = this.contents.get(contentId);
    if (!content) throw new Error(`demo education part ${contentId} is not a content`);
    const row = progressRow(this.companyId, userId, content, completed || content.type === 'link', at, this.random);
    this.fresh.push(row);
    this.remember(userId, contentId, {
      status: row.status as ProgressState['status'],
      startedAt: row.startedAt as Date,
      updatedAt: row.updatedAt as Date,
      completedAt: row.completedAt ?? null,
    });
  }

  complete(userId: number, contentId: number, at: Date) {
    this.add(userId, contentId, true, at);
  }

  start(userId: number, contentId: number, at: Date) {
    this.add(userId, contentId, false, at);
  }
}

// --- What a person set out to do in an education ---

interface Part {
  contentId: number;
  required: boolean;
}

interface BuiltEducation {
  id: number;
  seed: SeedEducation;
  parts: Part[];
}

type Target = 'completed' | 'halfway' | 'none';

interface WalkOptions {
  /** Whether optional parts are taken too (some people skip them). */
  optional: boolean;
  /** Half-way: whether the part after the finished ones was opened too. */
  startNext: boolean;
}

/**
 * Writes the progress of a person who got `target` far through an education from `at` on: parts in their order, an
 * hour or so apart. A part the person had already started elsewhere and not finished stops a sequential walk there.
 */
function walk(
  book: ProgressBook,
  education: BuiltEducation,
  userId: number,
  target: Target,
  at: Date,
  options: WalkOptions,
) {
  if (target === 'none') return;
  const required = education.parts.filter((p) => p.required).length;
  // Half-way: the first half of the required parts finished (and perhaps the next one opened).
  const toComplete = target === 'completed' ? required : Math.floor(required / 2);
  let done = 0;
  let time = at.getTime();
  for (const part of education.parts) {
    time += HOUR + (part.contentId % 7) * 5 * 60 * 1000;
    if (!part.required) {
      if (target === 'completed' && options.optional) book.complete(userId, part.contentId, new Date(time));
      continue;
    }
    if (done < toComplete) {
      book.complete(userId, part.contentId, new Date(time));
      if (!book.isCompleted(userId, part.contentId) && education.seed.sequential) return;
      done += 1;
      continue;
    }
    if (target === 'halfway' && (options.startNext || done === 0)) book.start(userId, part.contentId, new Date(time));
    return;
  }
}

/**
 * A sequential education's parts are taken in order: when a person has progress in a part (say, from another
 * education sharing the content) the required parts before it they never opened are completed before it.
 */
function keepInOrder(book: ProgressBook, education: BuiltEducation, userId: number) {
  const parts = education.parts;
  let last = -1;
  parts.forEach((part, index) => {
    if (book.get(userId, part.contentId)) last = index;
  });
  for (let index = 0; index < last; index++) {
    const part = parts[index] as Part;
    const later = book.get(userId, (parts[last] as Part).contentId) as ProgressState;
    if (part.required)
      book.complete(userId, part.contentId, new Date(later.startedAt.getTime() - (last - index) * HOUR));
  }
}

/**
 * An education enrolment derived from its parts' progress with the roll-up's own rule (`educationState`): what the
 * live roll-up would hold, a completion reading 100%. Also the parts open to the learner, whose contents become their
 * content enrolments (source `education`), as the roll-up gives them.
 */
function rollUp(book: ProgressBook, education: BuiltEducation, userId: number) {
  const states = education.parts.map((part) => ({ part, state: book.get(userId, part.contentId) }));
  const rule = educationState(
    states.map(({ part, state }, index) => ({
      id: index,
      required: part.required,
      started: state !== undefined,
      completed: state?.status === 'completed',
    })),
    education.seed.sequential ?? false,
  );
  const touched = states.filter((s) => s.state).map((s) => s.state as ProgressState);
  const time = (dates: Date[], pick: 'min' | 'max') =>
    dates.length === 0 ? null : new Date(Math[pick](...dates.map((d) => d.getTime())));
  const completed = rule.status === 'completed';
  return {
    status: rule.status,
    finishedRate: completed ? 100 : rule.finishedRate,
    completedParts: rule.completedParts,
    startedAt: time(
      touched.map((s) => s.startedAt),
      'min',
    ),
    lastActivityAt: time(
      touched.map((s) => s.updatedAt),
      'max',
    ),
    completedAt: completed
      ? time(
          states.filter((s) => s.part.required).map((s) => (s.state as ProgressState).completedAt ?? new Date()),
          'max',
        )
      : null,
    openContentIds: rule.openPartIds.map((index) => (education.parts[index] as Part).contentId),
  };
}

/** A page's reading time: its words at 180 a minute, rounded up to the half minute, at least two minutes. */
function readingSeconds(html: string) {
  const words = html
    .replace(/<[^>]+>/g, ' ')
    .split(/\s+/)
    .filter(Boolean).length;
  return Math.max(120, Math.ceil(words / 90) * 30);
}

/** How long ago an education was added: a retired one long ago, a few new ones days ago, the rest months ago. */
function ageInDays(education: SeedEducation, index = EDUCATIONS.indexOf(education)) {
  if (education.status === 0) return 400;
  return education.addedDaysAgo ?? 300 - index * 10;
}

// --- The story of a company ---

interface DirectPlan {
  education: string;
  target: Target;
  daysAgo: number;
}

interface ProgramPlan {
  program: SeedProgram['key'];
  startDaysAgo: number;
  /** Steps finished; the next one is `next` far. */
  completedSteps: number;
  next: Target;
}

interface PersonPlan extends WalkOptions {
  userId: number;
  programs: ProgramPlan[];
  direct: DirectPlan[];
}

/**
 * The demo learner's own page: a finished education, others under way (one due in three days), several not
 * started, and two programs going with their later steps locked. Parts of content.ts's library they have touched
 * (the welcome video half watched at Demo Holding) stay as they are, and the KVKK link stays unopened (the admin
 * e2e enrols this learner in an education of it, the handbook and the welcome video, and expects nothing done).
 */
function learnerPlan(userId: number): PersonPlan {
  return {
    userId,
    optional: true,
    // Nothing opened beyond what the plan says, so the educations sharing those contents stay untouched.
    startNext: false,
    programs: [
      { program: 'compliance', startDaysAgo: 27, completedSteps: 1, next: 'halfway' },
      { program: 'onboarding', startDaysAgo: 5, completedSteps: 0, next: 'halfway' },
    ],
    direct: [
      { education: 'sales', target: 'halfway', daysAgo: 1 },
      { education: 'communication', target: 'none', daysAgo: 6 },
      { education: 'customer-experience', target: 'none', daysAgo: 4 },
      { education: 'negotiation', target: 'none', daysAgo: 3 },
      { education: 'ergonomics', target: 'none', daysAgo: 2 },
    ],
  };
}

/** How many colleagues take each program. */
const PROGRAM_CROWDS: Record<SeedProgram['key'], number> = { onboarding: 10, compliance: 18, manager: 6 };

/** `count` of `list`, drawn without repeats. */
function pick<T>(list: T[], count: number, random: () => number) {
  const copy = [...list];
  const out: T[] = [];
  while (out.length < count && copy.length > 0) out.push(copy.splice(Math.floor(random() * copy.length), 1)[0] as T);
  return out;
}

/** The most days ago anyone enrolled: nobody took it before it was added (or before its start date). */
function earliestDay(education: SeedEducation) {
  return Math.max(3, Math.min(80, ageInDays(education) - 1, education.window ? -education.window[0] : 80));
}

/**
 * Colleagues who started things: programs at every stage, and a handful of people per education who finished it or
 * got half-way, over the last months. Those enrolled and not started yet join later (see `waitingList`).
 */
function colleaguePlans(people: number[], built: Map<string, BuiltEducation>, random: () => number): PersonPlan[] {
  const plans = new Map<number, PersonPlan>(
    people.map((userId) => [
      userId,
      { userId, optional: random() < 0.6, startNext: random() < 0.5, programs: [], direct: [] },
    ]),
  );
  for (const program of PROGRAMS) {
    for (const userId of pick(people, PROGRAM_CROWDS[program.key], random)) {
      const roll = random();
      const steps = program.steps.length;
      const completedSteps = roll < 0.2 ? steps : roll < 0.55 ? 1 + Math.floor(random() * (steps - 1)) : 0;
      const next: Target = completedSteps === steps ? 'none' : random() < 0.5 ? 'halfway' : 'none';
      (plans.get(userId) as PersonPlan).programs.push({
        program: program.key,
        startDaysAgo: 4 * steps + 6 + Math.floor(random() * 60),
        completedSteps,
        next,
      });
    }
  }
  for (const education of built.values()) {
    const passive = education.seed.status === 0;
    const eligible = people.filter((userId) => !inProgramOf(plans.get(userId) as PersonPlan, education.seed.key));
    const earliest = earliestDay(education.seed);
    for (const userId of pick(eligible, passive ? 6 : 4 + Math.floor(random() * 6), random)) {
      // A retired education was finished by the people who took it, long ago.
      const target: Target = passive || random() < 0.45 ? 'completed' : 'halfway';
      const daysAgo = passive ? 200 + Math.floor(random() * 100) : 2 + Math.floor(random() * (earliest - 2));
      (plans.get(userId) as PersonPlan).direct.push({ education: education.seed.key, target, daysAgo });
    }
  }
  return [...plans.values()];
}

/** Whether one of the person's programs has the education as a step (it reaches them through the program). */
function inProgramOf(plan: PersonPlan, education: string) {
  return plan.programs.some((taken) =>
    PROGRAMS.find((p) => p.key === taken.program)?.steps.some((step) => step.education === education),
  );
}

interface CompanySeed {
  companyId: number;
  key: CompanyKey;
  language: Locale;
  learnerEmail: string;
  adminEmail: string;
  library: Map<string, number>;
}

export async function seedEducations(
  tx: Db,
  files: FileStorage,
  companies: { demo: number; acme: number },
  libraries: { demo: Map<string, number>; acme: Map<string, number> },
) {
  const covers = new Map<string, Buffer>();
  const read = (name: string) => {
    const bytes = covers.get(name) ?? readFileSync(apiPath('src/db/seed/media', `${name}.jpg`));
    covers.set(name, bytes);
    return bytes;
  };
  const seeds: CompanySeed[] = [
    {
      companyId: companies.demo,
      key: 'demo',
      language: 'tr',
      learnerEmail: 'learner@demo.test',
      adminEmail: 'admin@demo.test',
      library: libraries.demo,
    },
    {
      companyId: companies.acme,
      key: 'acme',
      language: 'en',
      learnerEmail: 'learner@acme.test',
      adminEmail: 'admin@acme.test',
      library: libraries.acme,
    },
  ];
  for (const seed of seeds) await seedCompany(tx, files, seed, read);
}

async function seedCompany(tx: Db, files: FileStorage, seed: CompanySeed, read: (name: string) => Buffer) {
  const { companyId, key } = seed;
  const now = Date.now();
  const text = (education: SeedEducation) => (key === 'demo' ? education.tr : education.en);
  const [admin] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(users.email, seed.adminEmail)));
  const createdBy = admin?.id ?? null;

  // Covers: one stored file per topic, shared by the education and its lesson page (two attachments).
  const coverNames = [...EDUCATIONS.map((e) => `edu-${e.key}`), ...PROGRAMS.map((p) => `program-${p.key}`)];
  const stored = await Promise.all(
    coverNames.map((name) => files.put(companyId, 'jpg', read(name), { contentType: 'image/jpeg' })),
  );
  await tx.insert(storedFiles).values(
    stored.map((file, index) => ({
      companyId,
      name: file.name,
      originalName: `${coverNames[index]}.jpg`,
      size: file.size,
      mime: 'image/jpeg',
      visibility: 'public' as const,
      attachments: (coverNames[index] as string).startsWith('edu-') ? 2 : 1,
      attachedAt: new Date(now),
    })),
  );
  const coverUrl = new Map(
    coverNames.map((name, index) => [name, fileUrlOf((stored[index] as { name: string }).name)]),
  );

  const hashtagNames = HASHTAGS[key];
  const tagRows = await tx
    .insert(hashtags)
    .values(Object.values(hashtagNames).map((name) => ({ companyId, name })))
    .returning({ id: hashtags.id, name: hashtags.name });
  const tagId = new Map(tagRows.map((row) => [row.name, row.id]));

  // Categories: the roots, then the subcategory under its parent.
  const categoryId = new Map<CategoryKey, number>();
  for (const level of [CATEGORIES.filter((c) => !c.parent), CATEGORIES.filter((c) => c.parent)]) {
    const rows = await tx
      .insert(educationCategories)
      .values(
        level.map((category, index) => ({
          companyId,
          parentId: category.parent ? (categoryId.get(category.parent) ?? null) : null,
          names: category.names,
          icon: category.icon,
          order: (index + 1) * 10,
        })),
      )
      .returning({ id: educationCategories.id });
    level.forEach((category, index) => {
      categoryId.set(category.key, (rows[index] as { id: number }).id);
    });
  }

  // A lesson page per education: the part written for it (other educations may reuse it).
  const lessonRows = await tx
    .insert(contents)
    .values(
      EDUCATIONS.map((education) => ({
        companyId,
        type: 'page' as const,
        title: text(education).lesson.title,
        description: text(education).subTitle,
        coverUrl: coverUrl.get(`edu-${education.key}`) ?? null,
        durationSeconds: readingSeconds(text(education).lesson.body),
        language: seed.language,
        body: sanitizeRichText(text(education).lesson.body),
        status: education.status ?? 1,
        createdBy,
      })),
    )
    .returning({ id: contents.id });
  const lessonIds = lessonRows.map((row) => row.id);
  await tx.insert(contentVersions).values(lessonIds.map((contentId) => ({ companyId, contentId, number: 1 })));
  await tx.execute(sql`update ${contents} set current_version_id = v.id
    from ${contentVersions} v where v.content_id = ${contents.id} and ${inArray(contents.id, lessonIds)}`);
  const library = new Map(seed.library);
  EDUCATIONS.forEach((education, index) => {
    library.set(`lesson:${education.key}`, lessonIds[index] as number);
  });

  // The educations, oldest first, so the catalogue's "newly added" shows the last of the list.
  const partsOf = (education: SeedEducation): Part[] =>
    (key === 'acme' ? (education.acmeParts ?? education.parts) : education.parts).map((part: PartKey) => {
      const optional = part.startsWith('?');
      const contentId = library.get(optional ? part.slice(1) : part);
      if (!contentId) throw new Error(`demo education ${education.key}: no content ${part} at ${key}`);
      return { contentId, required: !optional };
    });
  const educationRows = await tx
    .insert(educations)
    .values(
      EDUCATIONS.map((education, index) => {
        const words = text(education);
        const createdAt = new Date(now - ageInDays(education, index) * DAY);
        return {
          companyId,
          title: words.title,
          subTitle: words.subTitle,
          descriptionTitle: words.descriptionTitle,
          description: sanitizeRichText(words.description),
          imageUrl: coverUrl.get(`edu-${education.key}`) ?? null,
          categoryId: categoryId.get(education.category) ?? null,
          language: seed.language,
          startDate: education.window ? isoDate(new Date(now + education.window[0] * DAY)) : null,
          endDate: education.window ? isoDate(new Date(now + education.window[1] * DAY)) : null,
          estimatedMinutes: education.minutes,
          status: education.status ?? 1,
          visibility: education.visibility,
          sequential: education.sequential ?? false,
          createdBy,
          createdAt,
          updatedAt: createdAt,
        };
      }),
    )
    .returning({ id: educations.id });
  const built = new Map<string, BuiltEducation>(
    EDUCATIONS.map((education, index) => [
      education.key,
      { id: (educationRows[index] as { id: number }).id, seed: education, parts: partsOf(education) },
    ]),
  );
  const builtList = [...built.values()];
  await tx.insert(educationParts).values(
    builtList.flatMap((education) =>
      education.parts.map((part, position) => ({
        companyId,
        educationId: education.id,
        type: 'content' as const,
        refId: part.contentId,
        position,
        required: part.required,
      })),
    ),
  );
  const tagLinks = builtList.flatMap((education) =>
    education.seed.hashtags.map((tag) => ({
      companyId,
      educationId: education.id,
      hashtagId: tagId.get(hashtagNames[tag]) as number,
    })),
  );
  if (tagLinks.length > 0) await tx.insert(educationHashtags).values(tagLinks);

  const programRows = await tx
    .insert(programs)
    .values(
      PROGRAMS.map((program, index) => {
        const createdAt = new Date(now - (180 - index * 20) * DAY);
        return {
          companyId,
          title: program[seed.language === 'tr' ? 'tr' : 'en'].title,
          description: program[seed.language === 'tr' ? 'tr' : 'en'].description,
          imageUrl: coverUrl.get(`program-${program.key}`) ?? null,
          sequential: true,
          createdBy,
          createdAt,
          updatedAt: createdAt,
        };
      }),
    )
    .returning({ id: programs.id });
  const programId = new Map(PROGRAMS.map((program, index) => [program.key, (programRows[index] as { id: number }).id]));
  await tx.insert(programSteps).values(
    PROGRAMS.flatMap((program) =>
      program.steps.map((step, position) => ({
        companyId,
        programId: programId.get(program.key) as number,
        educationId: (built.get(step.education) as BuiltEducation).id,
        position,
        deadlineDays: step.days,
      })),
    ),
  );

  await seedJourneys(tx, seed, built, programId, createdBy, (key) => coverUrl.get(`edu-${key}`) ?? null);
}

/** The contents of the company with what a progress row needs of them. */
async function contentInfos(tx: Db, companyId: number) {
  const rows = await tx
    .select({
      id: contents.id,
      type: contents.type,
      durationSeconds: contents.durationSeconds,
      pageCount: contentVersions.pageCount,
      versionId: contentVersions.id,
    })
    .from(contents)
    .innerJoin(contentVersions, eq(contentVersions.id, contents.currentVersionId))
    .where(eq(contents.companyId, companyId));
  return new Map(rows.map((row) => [row.id, row]));
}

/** Who takes what, how far they got, and the enrolments that follow from it. */
async function seedJourneys(
  tx: Db,
  seed: CompanySeed,
  built: Map<string, BuiltEducation>,
  programId: Map<SeedProgram['key'], number>,
  adminId: number | null,
  coverOf: (educationKey: string) => string | null,
) {
  const { companyId } = seed;
  const now = Date.now();
  const random = seededRandom(seed.key === 'demo' ? 1307 : 1317);
  const book = new ProgressBook(companyId, await contentInfos(tx, companyId), random);
  const existing = await tx
    .select({
      userId: contentProgress.userId,
      contentId: contentProgress.contentId,
      status: contentProgress.status,
      startedAt: contentProgress.startedAt,
      updatedAt: contentProgress.updatedAt,
      completedAt: contentProgress.completedAt,
    })
    .from(contentProgress)
    .where(eq(contentProgress.companyId, companyId));
  for (const row of existing) book.remember(row.userId, row.contentId, row as ProgressState);

  const people = await tx
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(users.status, 1)))
    .orderBy(users.id);
  const learner = people.find((p) => p.email === seed.learnerEmail);
  const colleagues = people
    .filter((p) => p.email !== seed.learnerEmail && !/^(admin|super)@/.test(p.email ?? ''))
    .map((p) => p.id);
  const plans = [...(learner ? [learnerPlan(learner.id)] : []), ...colleaguePlans(colleagues, built, random)];
  const programOf = new Map(PROGRAMS.map((program) => [program.key, program]));
  const education = (key: string) => built.get(key) as BuiltEducation;

  // 1. What everyone did, content by content.
  for (const plan of plans) {
    for (const taken of plan.programs) {
      const program = programOf.get(taken.program) as SeedProgram;
      const start = now - taken.startDaysAgo * DAY;
      program.steps.forEach((step, index) => {
        const target: Target =
          index < taken.completedSteps ? 'completed' : index === taken.completedSteps ? taken.next : 'none';
        // Each step a few days after the one before, the last of them before today.
        const at = new Date(start + ((index + 1) * (taken.startDaysAgo * DAY)) / (program.steps.length + 2));
        walk(book, education(step.education), plan.userId, target, at, plan);
      });
    }
    for (const direct of plan.direct) {
      walk(book, education(direct.education), plan.userId, direct.target, new Date(now - direct.daysAgo * DAY), plan);
    }
  }
  // 2. Sequential educations in order, whatever else the person did in their contents.
  for (const plan of plans) {
    const mine = new Set([
      ...plan.direct.map((d) => d.education),
      ...plan.programs.flatMap((p) => (programOf.get(p.program) as SeedProgram).steps.map((s) => s.education)),
    ]);
    for (const key of mine) if (education(key).seed.sequential) keepInOrder(book, education(key), plan.userId);
  }

  // 3. The enrolments, derived from that progress.
  const enrolments = new Map<string, typeof educationEnrolments.$inferInsert>();
  const contentAccess = new Map<string, typeof contentEnrolments.$inferInsert>();
  const enrol = (
    target: BuiltEducation,
    userId: number,
    values: { source: 'self' | 'admin' | 'program' | 'assignment'; createdAt: Date; dueAt: string | null },
  ) => {
    const id = `${target.id}:${userId}`;
    if (enrolments.has(id)) return enrolments.get(id) as typeof educationEnrolments.$inferInsert;
    const { openContentIds, ...state } = rollUp(book, target, userId);
    const createdAt =
      state.startedAt && state.startedAt < values.createdAt
        ? new Date(state.startedAt.getTime() - HOUR)
        : values.createdAt;
    const row = {
      companyId,
      educationId: target.id,
      userId,
      source: values.source,
      enrolledBy: values.source === 'admin' || values.source === 'assignment' ? adminId : null,
      dueAt: values.dueAt,
      createdAt,
      ...state,
    };
    enrolments.set(id, row);
    for (const contentId of openContentIds) {
      // The open parts are the learner's content enrolments (one per content; a direct one stays as it was).
      const key = `${contentId}:${userId}`;
      if (!contentAccess.has(key)) {
        contentAccess.set(key, {
          companyId,
          contentId,
          userId,
          source: 'education',
          enrolledBy: row.enrolledBy,
          createdAt,
        });
      }
    }
    return row;
  };
  const programRows: (typeof programEnrolments.$inferInsert)[] = [];
  for (const plan of plans) {
    for (const taken of plan.programs) {
      const program = programOf.get(taken.program) as SeedProgram;
      const start = new Date(now - taken.startDaysAgo * DAY);
      let enrolledAt = start;
      const rows: ReturnType<typeof enrol>[] = [];
      // Sequential: a step is enrolled when the one before it is completed.
      for (const step of program.steps) {
        const row = enrol(education(step.education), plan.userId, {
          source: 'program',
          createdAt: enrolledAt,
          dueAt: step.days === null ? null : dueDateOf(start, step.days),
        });
        rows.push(row);
        if (row.status !== 'completed') break;
        enrolledAt = row.completedAt as Date;
      }
      const completedSteps = rows.filter((row) => row.status === 'completed').length;
      const started = rows.filter((row) => row.startedAt).map((row) => (row.startedAt as Date).getTime());
      programRows.push({
        companyId,
        programId: programId.get(program.key) as number,
        userId: plan.userId,
        source: 'admin',
        enrolledBy: adminId,
        status:
          completedSteps === program.steps.length ? 'completed' : started.length > 0 ? 'in_progress' : 'not_started',
        finishedRate: Math.round((completedSteps / program.steps.length) * 100),
        completedSteps,
        startedAt: started.length > 0 ? new Date(Math.min(...started)) : null,
        completedAt: completedSteps === program.steps.length ? (rows.at(-1)?.completedAt ?? null) : null,
        createdAt: start,
      });
    }
  }
  for (const plan of plans) {
    for (const direct of plan.direct) {
      const target = education(direct.education);
      const assigned = target.seed.visibility === 'assigned';
      const createdAt = new Date(now - (direct.daysAgo + 1) * DAY);
      enrol(target, plan.userId, {
        source: assigned ? 'admin' : 'self',
        createdAt,
        // An admin's enrolment comes with a date to finish by: a month from when it was given.
        dueAt: assigned ? isoDate(new Date(createdAt.getTime() + 30 * DAY)) : null,
      });
    }
  }

  // 4. Most people enrolled in an education have not started it: colleagues who have not opened any of its parts.
  for (const target of built.values()) {
    if (target.seed.status === 0) continue;
    const untouched = plans.filter(
      (plan) =>
        plan.userId !== learner?.id &&
        !enrolments.has(`${target.id}:${plan.userId}`) &&
        !inProgramOf(plan, target.seed.key) &&
        target.parts.every((part) => !book.get(plan.userId, part.contentId)),
    );
    const earliest = earliestDay(target.seed);
    for (const plan of pick(untouched, 10 + Math.floor(random() * 10), random)) {
      const createdAt = new Date(now - (1 + Math.floor(random() * earliest)) * DAY);
      const assigned = target.seed.visibility === 'assigned';
      enrol(target, plan.userId, {
        source: assigned ? 'admin' : 'self',
        createdAt,
        dueAt: assigned ? isoDate(new Date(createdAt.getTime() + 30 * DAY)) : null,
      });
    }
  }

  // 5. The assignments (db/seed/assignments.ts): their people enrolled through the same rule, last, so nothing above
  // changes.
  const assignmentContext: AssignmentSeedContext = {
    tx,
    companyId,
    key: seed.key,
    now,
    adminId,
    people: people.map((p) => p.id),
    learnerId: learner?.id,
    educationId: (key) => education(key).id,
    imageOf: coverOf,
    enrol: (key, userId, values) => enrol(education(key), userId, values),
  };
  const plannedAssignments = await planAssignments(assignmentContext);

  await insertChunked(book.fresh, (chunk) => tx.insert(contentProgress).values(chunk));
  await insertChunked([...enrolments.values()], (chunk) => tx.insert(educationEnrolments).values(chunk));
  await insertChunked(programRows, (chunk) => tx.insert(programEnrolments).values(chunk));
  await insertChunked([...contentAccess.values()], (chunk) =>
    tx.insert(contentEnrolments).values(chunk).onConflictDoNothing(),
  );
  await writeAssignments(assignmentContext, plannedAssignments);
}
