import fs from 'node:fs';
import path from 'node:path';

/** Follows the verification link of the newest mail to `email` in the server's local outbox. */
export async function confirmAddress(dataDir: string, email: string): Promise<void> {
  const outbox = path.join(dataDir, 'outbox');
  for (let i = 0; i < 50; i++) {
    const mails = fs.existsSync(outbox) ? fs.readdirSync(outbox).filter((n) => n.endsWith('.json')) : [];
    for (const name of mails.sort().reverse()) {
      const mail = JSON.parse(fs.readFileSync(path.join(outbox, name), 'utf8')) as { to: string; links: string[] };
      const link = mail.to === email ? mail.links.find((l) => l.includes('verify-email')) : undefined;
      if (link) {
        const res = await fetch(link, { redirect: 'manual' });
        if (res.status >= 400) throw new Error(`the verification link answered ${res.status}`);
        return;
      }
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no verification mail to ${email} in ${outbox}`);
}
