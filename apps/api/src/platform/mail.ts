import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/** SMTP when a URL is configured; otherwise every mail is written as an .eml file to the outbox folder. */
export function createMailer(options: {
  smtpUrl?: string;
  from: string;
  outboxDir: string;
  log: FastifyBaseLogger;
}): Mailer {
  if (options.smtpUrl) {
    const transport: Transporter = nodemailer.createTransport(options.smtpUrl);
    return {
      async send(message) {
        await transport.sendMail({ from: options.from, ...message });
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(message) {
      const info = await transport.sendMail({ from: options.from, ...message });
      await mkdir(options.outboxDir, { recursive: true });
      const file = path.join(
        options.outboxDir,
        `${Date.now()}-${randomUUID().slice(0, 8)}-${safeName(message.to)}.eml`,
      );
      await writeFile(file, info.message as Buffer);
      options.log.info({ file, to: message.to, subject: message.subject }, 'mail written to outbox');
    },
  };
}

export interface SmsMessage {
  to: string;
  text: string;
}
export interface SmsSender {
  send(message: SmsMessage): Promise<void>;
}

/** SMS go to the same outbox as text files until a provider integration is configured. */
export function createOutboxSms(options: { outboxDir: string; log: FastifyBaseLogger }): SmsSender {
  return {
    async send(message) {
      await mkdir(options.outboxDir, { recursive: true });
      const file = path.join(
        options.outboxDir,
        `${Date.now()}-${randomUUID().slice(0, 8)}-${safeName(message.to)}.sms.txt`,
      );
      await writeFile(file, `To: ${message.to}\n\n${message.text}\n`);
      options.log.info({ file, to: message.to }, 'sms written to outbox');
    },
  };
}

function safeName(value: string): string {
  return value.replace(/[^a-zA-Z0-9@.+-]/g, '_').slice(0, 80);
}
