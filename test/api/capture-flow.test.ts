import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProfile, quickOwners } from '../support/factories.ts';
import { createTestApp, type TestApp, type TestUser } from '../support/test-app.ts';
import { readXlsx } from '../support/xlsx.ts';

/**
 * Issue 36: a capture (POST /capture/save) flows through what leads already have: GET
 * /find/own/leads, GET /download/leads.csv, GET /download/leads.xlsx, GET /download/leads.vcf,
 * the `lead.created` webhook (with `method`) and GET /find/own/stats (captured per day and per
 * event). The organisation's team leads are capture-save.test.ts's.
 */

let t: TestApp;
let receiver: http.Server;
let received: string[] = [];
beforeAll(async () => {
  // The webhook goes to a receiver on loopback over plain HTTP, as in webhooks.test.ts.
  t = await createTestApp({ WEBHOOKS_ALLOW_HTTP: '1', WEBHOOKS_ALLOW_PRIVATE: '1' });
  receiver = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      received.push(body);
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
});
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => receiver.close(resolve));
});

const capture = (overrides: Record<string, unknown> = {}) => ({
  clientId: randomUUID(),
  method: 'paper',
  capturedAt: Date.UTC(2026, 10, 20, 9, 30),
  firstName: 'Emily',
  lastName: 'Carter',
  jobTitle: 'Head of Sales',
  company: 'Harbour & Finch',
  email: 'emily@harbourfinch.com',
  phone: '+44 20 7946 0018',
  mobile: '+44 7911 123456',
  website: 'harbourfinch.com',
  street: '12 Quay Street',
  zip: 'BS1 4DJ',
  city: 'Bristol',
  country: 'United Kingdom',
  note: 'Wants a demo',
  tags: ['hot', 'demo'],
  ...overrides,
});

async function owner(): Promise<{ user: TestUser; profileId: string }> {
  const [user] = await quickOwners(t, 1);
  return { user: user!, profileId: (await createProfile(t, user!, { profileName: 'Messe' })).id };
}
async function event(user: TestUser, name: string) {
  const res = await t.post('/capture/event/save', { name, startsOn: '2026-11-19', endsOn: '2026-11-21' }, user);
  expect(res.status, res.raw).toBe(200);
  return res.body.id as string;
}
async function save(user: TestUser, body: Record<string, unknown>) {
  const res = await t.post('/capture/save', body, user);
  expect(res.status, res.raw).toBe(200);
  return res.body.leadId as string;
}

describe('captures in GET /download/leads.csv, GET /download/leads.xlsx and GET /download/leads.vcf', () => {
  it('exports method, event, capture time, note, tags and the card’s further fields', async () => {
    const { user } = await owner();
    const fair = await event(user, 'Hannover Messe');
    await save(user, capture({ eventId: fair }));

    const csv = await t.call({ method: 'GET', url: '/download/leads.csv?lng=en', headers: user.auth });
    expect(csv.status, csv.raw).toBe(200);
    const [header, row] = csv.raw.slice(1).trim().split('\r\n');
    const cells = (line: string) => [...line.matchAll(/"((?:[^"]|"")*)"/g)].map((m) => m[1]!.replace(/""/g, '"'));
    const byHeader = Object.fromEntries(cells(header!).map((h, i) => [h, cells(row!)[i]]));
    expect(byHeader).toMatchObject({
      Name: 'Emily Carter',
      Method: 'paper',
      Event: 'Hannover Messe',
      'Captured at (UTC)': '2026-11-20 09:30:00',
      Note: 'Wants a demo',
      Tags: 'hot, demo',
      'Job title': 'Head of Sales',
      Mobile: '+44 7911 123456',
      Website: 'harbourfinch.com',
      Street: '12 Quay Street',
      Postcode: 'BS1 4DJ',
      City: 'Bristol',
      Country: 'United Kingdom',
      'Consent text': '',
    });

    const xlsx = await t.app.inject({ method: 'GET', url: '/download/leads.xlsx?lng=de', headers: user.auth });
    expect(xlsx.statusCode).toBe(200);
    const book = readXlsx(xlsx.rawPayload);
    const names = book.rows[0]!.map((cell) => cell?.value ?? '');
    const values = Object.fromEntries(names.map((name, i) => [name, book.rows[1]![i]]));
    expect(values.Art?.value).toBe('Visitenkarte');
    expect(values.Veranstaltung?.value).toBe('Hannover Messe');
    expect(values['Schlagwörter']?.value).toBe('hot, demo');
    expect(values['Erfasst am (UTC)']?.format).toBe('yyyy-mm-dd hh:mm:ss');

    const vcf = await t.call({ method: 'GET', url: '/download/leads.vcf', headers: user.auth });
    expect(vcf.status, vcf.raw).toBe(200);
    const card = vcf.raw.replace(/\r\n[ \t]/g, '');
    expect(card).toMatch(/^N(;[^:]*)?:Carter;Emily;/m);
    expect(card).toMatch(/^TITLE(;[^:]*)?:Head of Sales/m);
    expect(card).toMatch(/^TEL;TYPE=WORK,VOICE:\+44 20 7946 0018/m);
    expect(card).toMatch(/^TEL;TYPE=WORK,CELL:\+44 7911 123456/m);
    expect(card).toMatch(/^ADR;TYPE=WORK(;[^:]*)?:;;12 Quay Street;Bristol;;BS1 4DJ;United Kingdom/m);
    expect(card).toMatch(/^URL;TYPE=WORK:https:\/\/harbourfinch.com/m);
    expect(card).toMatch(/^NOTE(;[^:]*)?:Wants a demo\\n\\n#hot #demo\\n\\nMesse · Hannover Messe · 2026-11-20/m);
  });
});

describe('captures in the lead.created webhook and GET /find/own/stats', () => {
  it('announces a capture as lead.created with its method', async () => {
    const { user } = await owner();
    const path = `/hook/${Math.random().toString(36).slice(2)}`;
    const hook = await t.post(
      '/webhook/create',
      { url: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}${path}`, events: ['lead.created'] },
      user,
    );
    expect(hook.status, hook.raw).toBe(200);
    received = [];
    const leadId = await save(user, capture({ method: 'badge' }));
    const until = Date.now() + 10_000;
    let payload: { type: string; data: Record<string, unknown> } | undefined;
    while (!payload && Date.now() < until) {
      const found = received.map((body) => JSON.parse(body) as { type: string; data: Record<string, unknown> }).find((p) => p.data.id === leadId);
      if (found) payload = found;
      else await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(payload).toMatchObject({ type: 'lead.created', data: { id: leadId, method: 'badge', name: 'Emily Carter', email: 'emily@harbourfinch.com' } });
    // A visitor's lead says `form`.
    const sent = await t.post('/send/contact', {
      profileId: (await t.get('/find/own/leads', user)).body.leads[0].profileId,
      senderEmail: 'v@example.net',
      language: 'en',
    });
    expect(sent.status, sent.raw).toBe(200);
    const until2 = Date.now() + 10_000;
    let form: { data: Record<string, unknown> } | undefined;
    while (!form && Date.now() < until2) {
      form = received.map((body) => JSON.parse(body) as { data: Record<string, unknown> }).find((p) => p.data.email === 'v@example.net');
      if (!form) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(form?.data.method).toBe('form');
  });

  it('counts captures per day (the owner’s days) and per event', async () => {
    const { user, profileId } = await owner();
    const fair = await event(user, 'dmexco');
    const day = 24 * 60 * 60 * 1000;
    const today = Date.now() - 60_000;
    await save(user, capture({ eventId: fair, capturedAt: today }));
    await save(user, capture({ eventId: fair, capturedAt: today - 1000, method: 'qr' }));
    await save(user, capture({ capturedAt: today - 2 * day, method: 'manual' }));
    // Older than the range: not counted.
    await save(user, capture({ eventId: fair, capturedAt: today - 40 * day }));
    const res = await t.get(`/find/own/stats?profileId=${profileId}&days=30`, user);
    expect(res.status, res.raw).toBe(200);
    const { days, events } = res.body.captures as { days: { date: string; captured: number }[]; events: unknown[] };
    expect(days).toHaveLength(30);
    expect(days.at(-1)).toEqual({ date: new Date(today).toISOString().slice(0, 10), captured: 2 });
    expect(days.at(-3)).toEqual({ date: new Date(today - 2 * day).toISOString().slice(0, 10), captured: 1 });
    expect(days.reduce((n, d) => n + d.captured, 0)).toBe(3);
    expect(events).toEqual([
      { eventId: fair, name: 'dmexco', captured: 2 },
      { eventId: '', name: '', captured: 1 },
    ]);
  });
});
