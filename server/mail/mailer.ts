import fs from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from '../lib/private-files.ts';

/** One e-mail as the services write it. */
export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments?: { filename: string; content: Buffer | string; contentType: string }[];
  replyTo?: string;
}

/** A mail kept in the local outbox, as `GET /_dev/mail` answers it. */
export interface OutboxMail {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  links: string[];
  attachments: string[];
  sentAt: string;
}

/** Sends e-mails: over SMTP when SMTP_URL is set, else into the local outbox. */
export interface Mailer {
  send(mail: Mail): Promise<void>;
  /** The outbox, newest first; empty when mails go over SMTP. */
  outbox(): Promise<OutboxMail[]>;
  close(): void;
}

/** Links found in a mail's text and HTML, in order, without duplicates. */
export function extractLinks(mail: Pick<Mail, 'text' | 'html'>): string[] {
  const found = `${mail.text}\n${mail.html}`.match(/https?:\/\/[^\s"'<>)]+/g) ?? [];
  return [...new Set(found.map((l) => l.replace(/&amp;/g, '&')))];
}

export function createMailer(options: { smtpUrl?: string; from: string; outboxDir: string; log: FastifyBaseLogger }): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      async send(mail) {
        await transport.sendMail({ from: options.from, ...mail });
        options.log.info({ to: mail.to, subject: mail.subject }, 'mail sent');
      },
      outbox: async () => [],
      close: () => transport.close(),
    };
  }
  return {
    async send(mail) {
      // Mails hold every account's verification and reset links: the server's user only (issue 20).
      await fs.mkdir(options.outboxDir, { recursive: true, mode: PRIVATE_DIR_MODE });
      const sentAt = new Date().toISOString();
      const entry: OutboxMail = {
        id: randomUUID(),
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        links: extractLinks(mail),
        attachments: (mail.attachments ?? []).map((a) => a.filename),
        sentAt,
      };
      // Time first in the name, so a directory listing sorts oldest to newest.
      const name = `${sentAt.replace(/[:.]/g, '-')}-${entry.id}.json`;
      const tmp = path.join(options.outboxDir, `.${name}.tmp`);
      const file = path.join(options.outboxDir, name);
      await fs.writeFile(tmp, JSON.stringify(entry, null, 2), { mode: PRIVATE_FILE_MODE });
      await fs.rename(tmp, file);
      // Never the links: they carry sign-in tokens, and logs travel further than the data folder.
      // The developer opens the file (or GET /_dev/mail) to follow them.
      options.log.info({ to: mail.to, subject: mail.subject, file }, 'mail written to the local outbox');
    },
    async outbox() {
      let names: string[];
      try {
        names = (await fs.readdir(options.outboxDir)).filter((n) => n.endsWith('.json'));
      } catch {
        return [];
      }
      names.sort().reverse();
      const mails = await Promise.all(names.map(async (n) => JSON.parse(await fs.readFile(path.join(options.outboxDir, n), 'utf8')) as OutboxMail));
      return mails;
    },
    close: () => {},
  };
}
