import { sql } from 'drizzle-orm';
import { addMonths, newCertificateNumber, RENDER_JOB } from '../../modules/learning/certificates/issue.js';
import type { Jobs } from '../../platform/jobs.js';
import type { Db } from '../client.js';
import { certificateDefinitions, certificates } from '../schema/index.js';

type Lang = 'tr' | 'en';
const DAY = 86_400_000;

const rows = async <T>(tx: Db, query: ReturnType<typeof sql>) =>
  ((await tx.execute(query)) as unknown as { rows: T[] }).rows;

const NAMES: Record<Lang, { completion: (title: string) => string; exam: (title: string) => string; revoked: string }> =
  {
    tr: {
      completion: (title) => `${title} Katılım Sertifikası`,
      exam: (title) => `${title} Başarı Sertifikası`,
      revoked: 'Eğitim kaydında kimlik karışıklığı tespit edildi; sertifika yanlış kişiye verilmişti.',
    },
    en: {
      completion: (title) => `${title} Certificate of Completion`,
      exam: (title) => `${title} Certificate of Achievement`,
      revoked: 'The training record was matched to the wrong person; the certificate was issued in error.',
    },
  };

/**
 * The demo's certificates (issue 16): definitions for the company's first educations (one renewed every two years with
 * re-assignment, one yearly, one for good) and for passing its first real exam with at least 70; a certificate for each
 * person who completed those educations, dated at the completion. The learner holds valid ones, one expiring within 30
 * days and an expired one (renewed since); one colleague's is revoked. Their PDF and PNG are rendered by the issuing job once the
 * server runs (queued here, nobody notified).
 */
export async function seedCertificates(
  tx: Db,
  jobs: Pick<Jobs, 'enqueue'>,
  companyId: number,
  language: Lang,
  learnerEmail: string,
) {
  const now = Date.now();
  const templates = await rows<{ id: number; framed: boolean }>(
    tx,
    sql`select id, background_url is not null as framed from certificate_templates
      where company_id = ${companyId} order by id`,
  );
  const framed = templates.find((t) => t.framed)?.id ?? templates[0]?.id;
  const plain = templates.find((t) => !t.framed)?.id ?? framed;
  if (framed === undefined || plain === undefined) return;
  const educations = await rows<{ id: number; title: string }>(
    tx,
    sql`select id, title from educations where company_id = ${companyId} order by id limit 3`,
  );
  const [exam] = await rows<{ id: number; title: string }>(
    tx,
    sql`select id, title from exams where company_id = ${companyId} and kind = 'exam' order by id limit 1`,
  );
  const [learner] = await rows<{ id: number }>(
    tx,
    sql`select id from users where company_id = ${companyId} and email = ${learnerEmail}`,
  );
  const [admin] = await rows<{ id: number }>(
    tx,
    sql`select u.id from users u join role_user ru on ru.user_id = u.id
      where u.company_id = ${companyId} and ru.role_id = 2 order by u.id limit 1`,
  );
  if (!learner) return;
  // The learner reports to the company's admin (not the platform's super admin): the expiry warnings of the demo (a
  // yearly certificate expiring within 30 days) reach a manager too.
  await tx.execute(sql`update users set manager_id = (
      select u.id from users u join role_user ru on ru.user_id = u.id
      where u.company_id = ${companyId} and ru.role_id = 2
        and not exists (select 1 from role_user s where s.user_id = u.id and s.role_id = 1)
      order by u.id limit 1)
    where id = ${learner.id} and manager_id is null`);
  const names = NAMES[language];
  const validities = [24, 12, null];
  const definitions: { id: number; validityMonths: number | null; educationId: number }[] = [];
  for (const [index, education] of educations.entries()) {
    const validityMonths = validities[index] ?? null;
    const [row] = await tx
      .insert(certificateDefinitions)
      .values({
        companyId,
        name: names.completion(education.title),
        trigger: 'education',
        refId: education.id,
        templateId: index === 1 ? plain : framed,
        validityMonths,
        recertify: index === 0,
        createdBy: admin?.id ?? null,
      })
      .returning({ id: certificateDefinitions.id });
    if (row) definitions.push({ id: row.id, validityMonths, educationId: education.id });
  }
  if (exam) {
    await tx.insert(certificateDefinitions).values({
      companyId,
      name: names.exam(exam.title),
      trigger: 'exam',
      refId: exam.id,
      minScore: 70,
      templateId: plain,
      validityMonths: 12,
      createdBy: admin?.id ?? null,
    });
  }

  const issued: number[] = [];
  async function issue(values: {
    userId: number;
    definitionId: number;
    issuedAt: Date;
    validityMonths: number | null;
    status?: 'valid' | 'expired' | 'revoked';
    revokedReason?: string;
    cycle?: number;
  }) {
    const [row] = await tx
      .insert(certificates)
      .values({
        companyId,
        userId: values.userId,
        definitionId: values.definitionId,
        cycle: values.cycle ?? 1,
        number: newCertificateNumber(values.issuedAt),
        issuedAt: values.issuedAt,
        expiresAt: values.validityMonths ? addMonths(values.issuedAt, values.validityMonths) : null,
        status: values.status ?? 'valid',
        revokedReason: values.revokedReason ?? null,
        revokedBy: values.status === 'revoked' ? (admin?.id ?? null) : null,
        revokedAt: values.status === 'revoked' ? new Date(now - 3 * DAY) : null,
        templateId: null,
      })
      .onConflictDoNothing()
      .returning({ id: certificates.id });
    if (row) issued.push(row.id);
  }

  // The learner's: the two-year certificate's first cycle expired and renewed two months ago, the yearly one
  // expiring in 12 days, the third valid for good.
  const [twoYear, yearly, forGood] = definitions;
  if (twoYear) {
    const renewedAt = new Date(now - 60 * DAY);
    await issue({
      userId: learner.id,
      definitionId: twoYear.id,
      issuedAt: addMonths(new Date(now - 70 * DAY), -24),
      validityMonths: 24,
      status: 'expired',
    });
    await issue({ userId: learner.id, definitionId: twoYear.id, issuedAt: renewedAt, validityMonths: 24, cycle: 2 });
  }
  if (yearly) {
    const issuedAt = addMonths(new Date(now + 12 * DAY), -12);
    await issue({ userId: learner.id, definitionId: yearly.id, issuedAt, validityMonths: 12 });
  }
  if (forGood) {
    await issue({
      userId: learner.id,
      definitionId: forGood.id,
      issuedAt: new Date(now - 20 * DAY),
      validityMonths: null,
    });
  }

  // Colleagues: one certificate for each completion of those educations, dated at it; the first one revoked.
  let revoked = false;
  for (const definition of definitions) {
    const completions = await rows<{ user_id: number; completed_at: string }>(
      tx,
      sql`select user_id, completed_at from education_enrolments
        where education_id = ${definition.educationId} and status = 'completed' and completed_at is not null
          and user_id <> ${learner.id}
        order by completed_at limit 12`,
    );
    for (const completion of completions) {
      const issuedAt = new Date(completion.completed_at);
      const expired =
        definition.validityMonths !== null && addMonths(issuedAt, definition.validityMonths).getTime() < now;
      await issue({
        userId: completion.user_id,
        definitionId: definition.id,
        issuedAt,
        validityMonths: definition.validityMonths,
        status: !revoked ? 'revoked' : expired ? 'expired' : 'valid',
        revokedReason: !revoked ? names.revoked : undefined,
      });
      revoked = true;
    }
  }

  for (const id of issued) {
    await jobs.enqueue(tx, RENDER_JOB, { companyId, certificateId: id, notify: false });
  }
}
