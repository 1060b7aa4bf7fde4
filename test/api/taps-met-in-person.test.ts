import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOperatorRepository } from '../../server/features/operator/operator.repository.ts';
import { encodeTap } from '../../server/features/taps/sun.ts';
import { BROWSER_UA, quickOwners, storePasskey } from '../support/factories.ts';
import { createTestApp, type TestApp, type TestUser } from '../support/test-app.ts';
import { readXlsx } from '../support/xlsx.ts';

/**
 * Issue 38: a lead left within 30 minutes after a verified tap of the card that brought the
 * visitor is "met in person": in the owner's inbox (GET /find/own/leads), the exports
 * (GET /download/leads.csv, .xlsx, .vcf) and the `lead.created` webhook. The card comes from the
 * page's address (`?card=`, which the tap's redirect sets) through the contact form's `card`.
 */

let t: TestApp;
let operator: TestUser;
let owner: TestUser;
let receiver: http.Server;
const received: { type: string; data: Record<string, unknown> }[] = [];
const page = (url: string) => t.call({ method: 'GET', url, headers: { 'user-agent': BROWSER_UA, accept: 'text/html' } });

beforeAll(async () => {
  t = await createTestApp({ WEBHOOKS_ALLOW_HTTP: '1', WEBHOOKS_ALLOW_PRIVATE: '1' });
  [operator, owner] = await quickOwners(t, 2);
  await createOperatorRepository(t.app.db).grant(operator!.email, Date.now());
  await storePasskey(t, operator!, 'key');
  receiver = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      received.push(JSON.parse(body));
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
});
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => receiver.close(resolve));
});

async function webhookOf(leadId: string) {
  const until = Date.now() + 10_000;
  while (Date.now() < until) {
    const found = received.find((p) => p.type === 'lead.created' && p.data.id === leadId);
    if (found) return found.data;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no lead.created for ${leadId}`);
}

describe('a lead "met in person"', () => {
  it('is marked when left within 30 minutes after a verified tap of its card: inbox, CSV, xlsx, vCard and webhook', async () => {
    const keys = { metaReadKey: randomBytes(16), fileReadKey: randomBytes(16) };
    const batch = await t.post(
      '/operator/batch/create',
      { edition: 'rainbow', count: 3, label: 'SUN', sun: { metaReadKey: keys.metaReadKey.toString('hex'), fileReadKey: keys.fileReadKey.toString('hex') } },
      operator,
    );
    expect(batch.status, batch.raw).toBe(200);
    const [tapped, untapped, stale] = (batch.body.sun.cards as { cardId: string }[]).map((c) => c.cardId);
    const profileId = (await t.post('/card/register', { cardId: tapped, firebaseUserEmail: owner.email }, owner)).body.cardProfileId as string;
    // The other two cards show the same profile, so the lead keeps their ids.
    for (const cardId of [untapped, stale]) {
      expect((await t.post('/card/register', { cardId, firebaseUserEmail: owner.email }, owner)).status).toBe(200);
      expect((await t.post('/card/profile/change', { cardId, profileId }, owner)).status).toBe(200);
    }
    const hook = await t.post('/webhook/create', { url: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/in`, events: ['lead.created'] }, owner);
    expect(hook.status, hook.raw).toBe(200);

    // A verified tap: the redirect names the card, and the page's form sends it.
    const uid = randomBytes(7);
    const tap = encodeTap(keys, uid, 5);
    const redirect = await page(`/card/${tapped}?picc_data=${tap.piccData}&cmac=${tap.cmac}`);
    const location = new URL(String(redirect.headers.location), t.config.publicUrl);
    expect(location.searchParams.get('card')).toBe(tapped);
    expect(location.searchParams.get('src')).toBe('tap');
    const send = (senderEmail: string, card: string, source = 'tap') => t.post('/send/contact', { profileId, senderEmail, language: 'en', card, source });
    expect((await send('met@example.net', tapped!)).status).toBe(200);
    // A card of the same profile that no chip tapped (its address typed or copied): not met.
    expect((await send('typed@example.net', untapped!, 'nfc')).status).toBe(200);
    // A card whose last verified tap was 31 minutes ago: not met any more.
    const staleTap = encodeTap(keys, randomBytes(7), 1);
    await page(`/card/${stale}?picc_data=${staleTap.piccData}&cmac=${staleTap.cmac}`);
    await t.app.features.taps.taps.settled();
    await t.app.db
      .updateTable('cardChip')
      .set({ lastVerified: Date.now() - 31 * 60_000 })
      .where('cardId', '=', stale!)
      .execute();
    expect((await send('late@example.net', stale!)).status).toBe(200);
    // No card at all (the profile's own link).
    expect((await t.post('/send/contact', { profileId, senderEmail: 'link@example.net', language: 'en' })).status).toBe(200);

    const leads = (await t.get('/find/own/leads', owner)).body.leads as { id: string; email: string; metInPerson: boolean }[];
    const byEmail = Object.fromEntries(leads.map((l) => [l.email, l]));
    expect(byEmail['met@example.net']!.metInPerson).toBe(true);
    for (const email of ['typed@example.net', 'late@example.net', 'link@example.net']) expect(byEmail[email]!.metInPerson, email).toBe(false);

    const csv = (await t.get('/download/leads.csv?lng=en', owner)).raw;
    const [header, ...rows] = csv.slice(1).trim().split('\r\n');
    expect(header!.endsWith(',"Met in person"')).toBe(true);
    expect(rows.find((r) => r.includes('met@example.net'))!.endsWith(',"yes"')).toBe(true);
    expect(rows.find((r) => r.includes('late@example.net'))!.endsWith(',""')).toBe(true);
    const german = (await t.get('/download/leads.csv?lng=de', owner)).raw;
    expect(german).toContain('"Persönlich getroffen"');

    const xlsx = await t.app.inject({ method: 'GET', url: '/download/leads.xlsx?lng=de', headers: owner.auth });
    const { rows: cells } = readXlsx(xlsx.rawPayload);
    const names = cells[0]!.map((cell) => cell?.value ?? '');
    const column = (name: string) => names.indexOf(name);
    const metRow = cells.find((row) => row[column('E-Mail')]?.value === 'met@example.net');
    expect(metRow?.[column('Persönlich getroffen')]).toMatchObject({ kind: 'text', value: 'ja' });

    const vcf = (await t.get('/download/leads.vcf?lng=en', owner)).raw;
    const cards = vcf.split('END:VCARD');
    expect(cards.find((c) => c.includes('met@example.net'))).toMatch(/Met in person/);
    expect(cards.find((c) => c.includes('late@example.net'))).not.toMatch(/Met in person/);

    expect(await webhookOf(byEmail['met@example.net']!.id)).toMatchObject({ card: tapped, source: 'tap', metInPerson: true });
    expect(await webhookOf(byEmail['late@example.net']!.id)).toMatchObject({ card: stale, metInPerson: false });
  });
});
