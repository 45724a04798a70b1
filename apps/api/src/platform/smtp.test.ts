import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, decodedSubject, hostOf, linkIn, type TestApp } from '../../test/helpers.js';

/** A real SMTP server in process: mail leaves Kampus over SMTP when SMTP_URL is set. */
describe('mail over SMTP', () => {
  const received: { to: string[]; raw: string }[] = [];
  let server: SMTPServer;
  let test: TestApp;

  beforeAll(async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          received.push({
            to: session.envelope.rcptTo.map((r) => r.address),
            raw: Buffer.concat(chunks).toString('utf8'),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.server.address() as AddressInfo;
    test = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'Kampus <no-reply@kampus.test>' });
  });
  afterAll(async () => {
    await test.close();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('delivers the reset mail with a link that works', async () => {
    const company = await test.factories.createCompany({ name: 'Posta Ltd' });
    const user = await test.factories.createUser(company, { email: 'mail.user@example.test', language: 'en' });
    const asked = await call(test.app, 'POST', '/api/forgot-password', {
      host: hostOf(company),
      body: { username: user.email },
    });
    expect(asked.statusCode).toBe(200);
    await test.settle();

    const mail = received.find((m) => m.to.includes('mail.user@example.test'));
    expect(mail).toBeDefined();
    const raw = mail!.raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
    expect(raw).toMatch(/^From: Kampus <no-reply@kampus\.test>/m);
    expect(decodedSubject(mail!.raw)).toBe('Posta Ltd – Reset your password');
    expect(raw).toContain('text/html');
    const token = linkIn(raw, new RegExp(`http://${hostOf(company)}:3000/reset-password/([A-Za-z0-9_-]{20,})`));

    const reset = await call(test.app, 'POST', '/api/reset-password', {
      host: hostOf(company),
      body: { token, password: 'Over-SMTP-Passphrase-1', password_confirmation: 'Over-SMTP-Passphrase-1' },
    });
    expect(reset.statusCode).toBe(200);
  });
});
