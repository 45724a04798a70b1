import type { Db } from '../client.js';
import { jobs } from '../schema/index.js';

const HOUR = 3600_000;

/** A mail job as `mail.send` queues it (the payload its schema in modules/auth checks). */
const mail = (to: string, subject: string) => ({
  to,
  subject,
  text: `${subject}\n\nKampus`,
  html: `<p>${subject}</p><p>Kampus</p>`,
});

/**
 * The job history a running platform has (`/admin/jobs`): mails that went out, and one that the mail server kept
 * refusing until it became a dead letter, for a super admin to look into and retry.
 */
export async function seedJobs(tx: Db, companyId: number): Promise<void> {
  const now = Date.now();
  const at = (hoursAgo: number) => new Date(now - hoursAgo * HOUR);
  await tx.insert(jobs).values([
    {
      name: 'mail.send',
      payload: mail('selin.aydin@demo.test', 'Kampus şifrenizi oluşturun'),
      state: 'done',
      attempts: 1,
      companyId,
      createdAt: at(26),
      runAt: at(26),
      startedAt: at(26),
      finishedAt: at(26),
    },
    {
      name: 'mail.send',
      payload: mail('emre.kilic@demo.test', 'Kampus şifre sıfırlama bağlantınız'),
      state: 'done',
      attempts: 2,
      lastError: 'Error: Connection timeout',
      companyId,
      createdAt: at(5),
      runAt: at(5),
      startedAt: at(5),
      finishedAt: at(5),
    },
    {
      name: 'mail.send',
      payload: mail('m.yildiz@eski-alan-adi.example', 'Kampus şifrenizi oluşturun'),
      state: 'failed',
      attempts: 5,
      maxAttempts: 5,
      lastError:
        "Error: Can't send mail - all recipients were rejected: 550 5.1.1 <m.yildiz@eski-alan-adi.example>: Recipient address rejected: User unknown",
      companyId,
      createdAt: at(3),
      runAt: at(1),
      startedAt: at(1),
      finishedAt: at(1),
    },
  ]);
}
