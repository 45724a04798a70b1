import {
  EMPTY_USER_GROUP_RULES,
  type Permission,
  type QuestionBody,
  ROLE,
  type Session,
  type UserGroupRules,
} from '@kampus/shared';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../src/db/client.js';
import {
  assignmentItems,
  assignments,
  assignmentUsers,
  auditLogs,
  companies,
  companySettings,
  conversationParticipants,
  conversations,
  dataRequests,
  examAttemptAnswers,
  examAttempts,
  examQuestions,
  exams,
  faqCategories,
  faqs,
  hashtags,
  institutions,
  mailTemplates,
  menuItems,
  messages,
  notificationRecipients,
  notifications,
  pageViews,
  permissions,
  questionHashtags,
  questions,
  questionVersions,
  rolePermissions,
  roles,
  roleUser,
  shortLinks,
  solutionPartners,
  storedFiles,
  surveyQuestions,
  surveyResponses,
  surveys,
  userGroupMembers,
  userGroups,
  users,
} from '../src/db/schema/index.js';
import { asSystem } from '../src/db/scope.js';
import { hashPassword } from '../src/platform/auth/passwords.js';

export const TEST_PASSWORD = 'Correct-Horse-42';
let passwordHash: Promise<string> | undefined;
let sequence = 0;
const next = () => ++sequence;

export type CompanyRow = typeof companies.$inferSelect;
export type UserRow = typeof users.$inferSelect;

type Row<T extends PgTable> = T['$inferSelect'];
/** A row's values without its company: the builder puts it in the company it is given. */
type Values<T extends PgTable> = Omit<T['$inferInsert'], 'companyId'>;

/**
 * Test data builders: each test builds the tenants and people it needs, never relying on the demo seed. Every table a
 * test fills has one; `rows(table, company, values)` is the generic one the named builders share.
 */
export function factories(db: Db) {
  /** Inserts rows of a tenant table into the company, as the system (tests arrange data past the permission checks). */
  async function rows<T extends PgTable>(table: T, company: CompanyRow, values: Values<T>[]): Promise<Row<T>[]> {
    if (values.length === 0) return [];
    const withCompany = values.map((value) => ({ ...value, companyId: company.id }));
    return asSystem(
      db,
      (tx) =>
        tx
          .insert(table)
          .values(withCompany as T['$inferInsert'][])
          .returning() as never,
    );
  }

  async function row<T extends PgTable>(table: T, company: CompanyRow, values: Values<T>): Promise<Row<T>> {
    const [inserted] = await rows(table, company, [values]);
    if (!inserted) throw new Error('row not created');
    return inserted;
  }

  /** A company role holding exactly the permissions named, given to the people listed. */
  async function createRole(
    company: CompanyRow,
    values: { name?: string; permissions?: Permission[]; members?: number[] } = {},
  ): Promise<Row<typeof roles>> {
    const { name = `Role ${next()}`, permissions: names = [], members = [] } = values;
    const role = await row(roles, company, { name });
    const granted =
      names.length === 0
        ? []
        : await asSystem(db, (tx) => tx.select().from(permissions).where(inArray(permissions.name, names)));
    if (granted.length !== names.length) throw new Error(`unknown permission among ${names.join(', ')}`);
    await rows(
      rolePermissions,
      company,
      granted.map((permission) => ({ roleId: role.id, permissionId: permission.id })),
    );
    await rows(
      roleUser,
      company,
      members.map((userId) => ({ userId, roleId: role.id })),
    );
    return role;
  }

  /** A conversation with its people (and when each last read it) and its messages. */
  async function createConversation(
    company: CompanyRow,
    input: { people: [UserRow, Date | null][]; lines: [UserRow, string, Date][]; group?: string },
  ): Promise<Row<typeof conversations>> {
    const conversation = await row(conversations, company, {
      isGroup: input.group !== undefined,
      name: input.group ?? null,
    });
    const conversationId = conversation.id;
    await rows(
      conversationParticipants,
      company,
      input.people.map(([user, lastReadAt]) => ({ conversationId, userId: user.id, lastReadAt })),
    );
    await rows(
      messages,
      company,
      input.lines.map(([from, body, createdAt]) => ({ conversationId, senderUserId: from.id, body, createdAt })),
    );
    return conversation;
  }

  /** A notification sent to the people listed. */
  async function createNotification(
    company: CompanyRow,
    values: Partial<Values<typeof notifications>> & { recipients: number[] },
  ): Promise<Row<typeof notifications>> {
    const { recipients, ...rest } = values;
    const notification = await row(notifications, company, { name: `Notification ${next()}`, ...rest });
    await rows(
      notificationRecipients,
      company,
      recipients.map((userId) => ({ notificationId: notification.id, userId })),
    );
    return notification;
  }

  async function createCompany(
    overrides: Partial<typeof companies.$inferInsert> & { settings?: Record<string, unknown> } = {},
  ): Promise<CompanyRow> {
    const n = next();
    const { settings, ...values } = overrides;
    return asSystem(db, async (tx) => {
      const [company] = await tx
        .insert(companies)
        .values({ name: `Company ${n}`, slug: `company-${n}`, ...values })
        .returning();
      if (!company) throw new Error('company not created');
      const entries = Object.entries(settings ?? {});
      if (entries.length > 0) {
        await tx.insert(companySettings).values(entries.map(([key, value]) => ({ companyId: company.id, key, value })));
      }
      return company;
    });
  }

  async function createUser(
    company: CompanyRow,
    overrides: Partial<typeof users.$inferInsert> & { roles?: number[]; password?: string | null } = {},
  ): Promise<UserRow> {
    const n = next();
    const { roles = [ROLE.user], password = TEST_PASSWORD, ...values } = overrides;
    passwordHash ??= hashPassword(TEST_PASSWORD);
    const hash =
      password === null ? null : password === TEST_PASSWORD ? await passwordHash : await hashPassword(password);
    return asSystem(db, async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({
          companyId: company.id,
          name: `Name${n}`,
          surname: `Surname${n}`,
          email: `user${n}@example.test`,
          username: `user${n}`,
          passwordHash: hash,
          ...values,
        })
        .returning();
      if (!user) throw new Error('user not created');
      if (roles.length > 0) {
        await tx.insert(roleUser).values(roles.map((roleId) => ({ companyId: company.id, userId: user.id, roleId })));
      }
      return user;
    });
  }

  /** The audit rows written about one record, newest first. */
  const auditOf = (entityType: string, entityId: number) =>
    asSystem(db, (tx) =>
      tx
        .select()
        .from(auditLogs)
        .where(and(eq(auditLogs.entityType, entityType), eq(auditLogs.entityId, entityId)))
        .orderBy(desc(auditLogs.id)),
    );

  /** A user group of the company: static with the given members, or rule-based with the given rules. */
  async function createUserGroup(
    company: CompanyRow,
    values: {
      name?: string;
      kind?: 'static' | 'rule';
      rules?: Partial<UserGroupRules>;
      members?: number[];
      status?: number;
    } = {},
  ): Promise<typeof userGroups.$inferSelect> {
    const { members = [], kind = 'static', rules, ...rest } = values;
    return asSystem(db, async (tx) => {
      const [group] = await tx
        .insert(userGroups)
        .values({
          companyId: company.id,
          name: `Group ${next()}`,
          kind,
          rules: kind === 'rule' ? { ...EMPTY_USER_GROUP_RULES, ...rules } : null,
          ...rest,
        })
        .returning();
      if (!group) throw new Error('user group not created');
      if (members.length > 0) {
        await tx
          .insert(userGroupMembers)
          .values(members.map((userId) => ({ companyId: company.id, groupId: group.id, userId })));
      }
      return group;
    });
  }

  /**
   * A question of the bank with its first version in force (a single-choice question unless `body` says otherwise),
   * tagged with the hashtags given; `used` marks that version as held by an attempt.
   */
  async function createQuestion(
    company: CompanyRow,
    values: Partial<Omit<Values<typeof questions>, 'type' | 'currentVersionId'>> & {
      body?: QuestionBody;
      hashtagIds?: number[];
      used?: boolean;
    } = {},
  ): Promise<Row<typeof questions>> {
    const n = next();
    const {
      body = {
        type: 'single',
        text: `<p>Soru ${n}?</p>`,
        explanation: null,
        options: [
          { key: `a${n}`, text: 'Evet' },
          { key: `b${n}`, text: 'Hayır' },
        ],
        correct: `a${n}`,
      },
      hashtagIds = [],
      used = false,
      ...rest
    } = values;
    return asSystem(db, async (tx) => {
      const [question] = await tx
        .insert(questions)
        .values({
          companyId: company.id,
          type: body.type,
          title: body.text.replace(/<[^>]*>/g, ''),
          language: 'tr',
          ...rest,
        })
        .returning();
      if (!question) throw new Error('question not created');
      const [version] = await tx
        .insert(questionVersions)
        .values({
          companyId: company.id,
          questionId: question.id,
          version: 1,
          body,
          points: question.points,
          usedAt: used ? new Date() : null,
        })
        .returning();
      if (!version) throw new Error('question version not created');
      const [withVersion] = await tx
        .update(questions)
        .set({ currentVersionId: version.id })
        .where(eq(questions.id, question.id))
        .returning();
      if (hashtagIds.length > 0) {
        await tx
          .insert(questionHashtags)
          .values(hashtagIds.map((hashtagId) => ({ companyId: company.id, questionId: question.id, hashtagId })));
      }
      return withVersion ?? question;
    });
  }

  /**
   * An exam of the company (kind `exam`, fixed list unless `selection` says otherwise) listing the bank questions
   * given, in order.
   */
  async function createExam(
    company: CompanyRow,
    values: Partial<Values<typeof exams>> & { questionIds?: number[] } = {},
  ): Promise<Row<typeof exams>> {
    const { questionIds = [], ...rest } = values;
    return asSystem(db, async (tx) => {
      const [exam] = await tx
        .insert(exams)
        .values({ companyId: company.id, title: `Sınav ${next()}`, language: 'tr', ...rest })
        .returning();
      if (!exam) throw new Error('exam not created');
      if (questionIds.length > 0) {
        await tx.insert(examQuestions).values(
          questionIds.map((questionId, index) => ({
            companyId: company.id,
            examId: exam.id,
            questionId,
            position: index + 1,
          })),
        );
      }
      return exam;
    });
  }

  /**
   * A submitted attempt at an exam with its answers (each the question's current version, an outcome and points);
   * `scored` unless an answer is `pending`, its score and pass worked out from the answers and the exam's pass mark.
   */
  async function createExamAttempt(
    exam: Row<typeof exams>,
    user: UserRow,
    answers: {
      questionId: number;
      outcome: 'correct' | 'partial' | 'wrong' | 'pending' | 'unanswered';
      points?: number;
      maxPoints?: number;
      text?: string;
    }[],
    values: Partial<Values<typeof examAttempts>> = {},
  ): Promise<Row<typeof examAttempts>> {
    return asSystem(db, async (tx) => {
      const previous = await tx
        .select({ number: examAttempts.number })
        .from(examAttempts)
        .where(and(eq(examAttempts.examId, exam.id), eq(examAttempts.userId, user.id)))
        .orderBy(desc(examAttempts.number))
        .limit(1);
      const versions = await tx
        .select({ id: questions.id, versionId: questions.currentVersionId })
        .from(questions)
        .where(
          inArray(
            questions.id,
            answers.map((a) => a.questionId),
          ),
        );
      const versionOf = new Map(versions.map((v) => [v.id, v.versionId as number]));
      const pending = answers.some((a) => a.outcome === 'pending');
      const max = answers.reduce((sum, a) => sum + (a.maxPoints ?? 1), 0);
      const points = answers.reduce(
        (sum, a) =>
          sum + (a.outcome === 'pending' ? 0 : (a.points ?? (a.outcome === 'correct' ? (a.maxPoints ?? 1) : 0))),
        0,
      );
      const scorePercent = pending ? null : max > 0 ? Math.round((points / max) * 10000) / 100 : 0;
      const now = new Date();
      const [attempt] = await tx
        .insert(examAttempts)
        .values({
          companyId: exam.companyId,
          examId: exam.id,
          userId: user.id,
          number: (previous[0]?.number ?? 0) + 1,
          state: pending ? 'pending' : 'scored',
          startedAt: new Date(now.getTime() - 10 * 60_000),
          submittedAt: now,
          submitReason: 'learner',
          scoredAt: pending ? null : now,
          points: pending ? null : points,
          maxPoints: max,
          scorePercent,
          passed: scorePercent === null ? null : scorePercent >= exam.passMark,
          ...values,
        })
        .returning();
      if (!attempt) throw new Error('attempt not created');
      if (answers.length > 0) {
        await tx.insert(examAttemptAnswers).values(
          answers.map((a, index) => ({
            companyId: exam.companyId,
            attemptId: attempt.id,
            position: index + 1,
            questionVersionId: versionOf.get(a.questionId) as number,
            answer: a.text === undefined ? null : { type: 'open' as const, text: a.text },
            outcome: a.outcome,
            points: a.outcome === 'pending' ? null : (a.points ?? (a.outcome === 'correct' ? (a.maxPoints ?? 1) : 0)),
            maxPoints: a.maxPoints ?? 1,
            answeredAt: now,
          })),
        );
      }
      return attempt;
    });
  }

  /** A published assignment running today that gives the exam to the people listed (an `exam` item). */
  async function assignExam(company: CompanyRow, examId: number, userIds: number[]) {
    const today = new Date().toISOString().slice(0, 10);
    const assignment = await row(assignments, company, {
      name: `Atama ${next()}`,
      startDate: today,
      endDate: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10),
      targetKind: 'users',
      publishedAt: new Date(),
    });
    await row(assignmentItems, company, {
      assignmentId: assignment.id,
      type: 'exam',
      refId: examId,
      position: 1,
    });
    await rows(
      assignmentUsers,
      company,
      userIds.map((userId) => ({ assignmentId: assignment.id, userId })),
    );
    return assignment;
  }

  return {
    rows,
    row,
    createQuestion,
    createExam,
    assignExam,
    createExamAttempt,
    auditOf,
    createRole,
    createConversation,
    createNotification,
    createHashtag: (company: CompanyRow, values: Partial<Values<typeof hashtags>> = {}) =>
      row(hashtags, company, { name: `etiket${next()}`, ...values }),
    createInstitution: (company: CompanyRow, values: Partial<Values<typeof institutions>> = {}) =>
      row(institutions, company, { name: `Kurum ${next()}`, ...values }),
    createSolutionPartner: (company: CompanyRow, values: Partial<Values<typeof solutionPartners>> = {}) =>
      row(solutionPartners, company, { name: `Partner ${next()}`, ...values }),
    createFaqCategory: (company: CompanyRow, values: Partial<Values<typeof faqCategories>> = {}) =>
      row(faqCategories, company, { name: { tr: `Kategori ${next()}` }, ...values }),
    createFaq: (company: CompanyRow, values: Partial<Values<typeof faqs>> = {}) =>
      row(faqs, company, { question: { tr: `Soru ${next()}?` }, answer: { tr: '<p>Yanıt</p>' }, ...values }),
    /** Side-menu entries: `[type, order, status, titles]`. */
    createMenuItems: (company: CompanyRow, items: [string, number, number?, Record<string, string>?][]) =>
      rows(
        menuItems,
        company,
        items.map(([type, order, status = 1, title = {}]) => ({ type, order, status, title })),
      ),
    createShortLinks: (company: CompanyRow, values: Values<typeof shortLinks>[]) => rows(shortLinks, company, values),
    createPageViews: (company: CompanyRow, values: Values<typeof pageViews>[]) => rows(pageViews, company, values),
    createDataRequest: (company: CompanyRow, values: Values<typeof dataRequests>) => row(dataRequests, company, values),
    createAuditEntry: (company: CompanyRow, values: Values<typeof auditLogs>) => row(auditLogs, company, values),
    createMailTemplate: (company: CompanyRow, values: Values<typeof mailTemplates>) =>
      row(mailTemplates, company, values),
    createStoredFile: (company: CompanyRow, values: Partial<Values<typeof storedFiles>> = {}) =>
      row(storedFiles, company, {
        name: `${next().toString(16).padStart(32, '0')}.png`,
        originalName: 'photo.png',
        size: 1024,
        mime: 'image/png',
        ...values,
      }),
    /** A survey (kind survey unless given) in Turkish with the questions given (rows of `survey_questions`). */
    createSurvey: async (
      company: CompanyRow,
      values: Partial<Values<typeof surveys>> = {},
      questions: Omit<Values<typeof surveyQuestions>, 'surveyId' | 'position'>[] = [],
    ) => {
      const survey = await row(surveys, company, {
        kind: 'survey',
        title: `Anket ${next()}`,
        languages: ['tr'],
        ...values,
      });
      const made = await rows(
        surveyQuestions,
        company,
        questions.map((q, i) => ({ ...q, surveyId: survey.id, position: i + 1 })),
      );
      return { ...survey, questions: made };
    },
    /** Submitted answers of a survey (no person for an anonymous one: leave `userId` out). */
    createSurveyResponses: (company: CompanyRow, values: Omit<Values<typeof surveyResponses>, 'submittedAt'>[]) =>
      rows(
        surveyResponses,
        company,
        values.map((v) => ({ ...v, submittedAt: new Date() })),
      ),
    createUserGroup,
    createCompany,
    createUser,
    createAdmin: (company: CompanyRow, overrides: Parameters<typeof createUser>[1] = {}) =>
      createUser(company, { roles: [ROLE.admin, ROLE.user], ...overrides }),
    createSuperAdmin: (company: CompanyRow, overrides: Parameters<typeof createUser>[1] = {}) =>
      createUser(company, { roles: [ROLE.superAdmin, ROLE.admin, ROLE.user], ...overrides }),
  };
}

export type Factories = ReturnType<typeof factories>;
export type { Session };
