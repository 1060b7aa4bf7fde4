import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import { createTestApp } from '../support/test-app.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver.ts';
import { appContext, ensureAppBuilt, expectAccessible, text, withFailureShot, type AppServer, type Lng } from './app-support.ts';
import { maybeScreenshot } from './support/browser.ts';
import { useE2eSession } from './support/session.ts';

// Issue 25: the owner's Integrations screen end to end, at 360 px and on a desktop, in de and en:
// a webhook to a real receiver on loopback (its secret shown once, the test event verified with
// the reference library, the delivery log with each attempt's request and answer, a
// redelivery), and an API token (shown once, its last use, revoked at once).
let receiver: WebhookReceiver;
beforeAll(async () => {
  receiver = await startWebhookReceiver();
  receiver.state.body = 'thanks from the CRM';
});
afterAll(() => receiver.close());
const session = useE2eSession(async (): Promise<AppServer> => {
  ensureAppBuilt();
  // The receiver is plain http on loopback: allowed here as tests and self-hosters may.
  const t = await createTestApp({ TRUST_PROXY: '1', WEBHOOKS_ALLOW_HTTP: '1', WEBHOOKS_ALLOW_PRIVATE: '1' });
  return { t, base: await t.listen() };
});

describe.each<Lng>(['en', 'de'])('the owner’s Integrations screen in %s', (lng) => {
  it('adds a webhook whose secret shows once, sends a verified test event, shows its delivery log and sends it again; makes and revokes an API token', async () => {
    const { t, base } = session.server;
    const owner = await t.signUp();
    const path = `/hook/owner-${lng}`;
    const context = await appContext(session.browser, lng, owner);
    session.context = context;
    const page = await context.newPage();
    const tx = (key: string, vars?: Record<string, string | number>) => text(lng, 'integrations', key, vars);
    await withFailureShot(page, `integrations-owner-${lng}`, async () => {
      await page.goto(`${base}/integrations`);
      const webhooks = page.getByRole('region', { name: tx('webhooks.title'), exact: true });
      await webhooks.getByText(tx('webhooks.none')).waitFor();

      // Add: the secret is shown this once, and never again after "Done".
      await webhooks.getByLabel(tx('webhooks.url')).fill(`http://127.0.0.1:${receiver.port}${path}`);
      await webhooks.getByLabel(tx('webhooks.description')).fill('CRM');
      await webhooks.getByRole('checkbox', { name: new RegExp(tx('events.card_registered')) }).check();
      await webhooks.getByRole('button', { name: tx('webhooks.create') }).click();
      await webhooks.getByText(tx('shown_once')).waitFor();
      const secret = (await webhooks.locator('.secret-value').textContent()) ?? '';
      expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
      const row = webhooks.getByRole('listitem').filter({ hasText: path });
      await row.getByText(tx('webhooks.enabled')).waitFor();
      await expect.poll(() => row.textContent()).toContain('lead.created, lead.updated, lead.deleted, card.registered');
      await expectAccessible(page, 'integrations with a new secret');
      await maybeScreenshot(page, `integrations-owner-${lng}-secret-360`, { fullPage: true });
      await webhooks.getByRole('button', { name: tx('done') }).click();
      await page.reload();
      await page
        .getByRole('region', { name: tx('webhooks.title'), exact: true })
        .getByText(path)
        .waitFor();
      expect(await page.content()).not.toContain(secret.slice(6));

      // The test event reaches the receiver, signed with that secret.
      await row.getByRole('button', { name: tx('webhooks.test') }).click();
      const request = await receiver.waitFor((r) => r.path === path);
      const event = new Webhook(secret).verify(request.body, request.headers) as { type: string };
      expect(event.type).toBe('webhook.test');

      // The log: the delivery, the request it sent (its webhook-id) and the receiver's answer.
      await row.getByRole('button', { name: tx('webhooks.deliveries') }).click();
      const log = row.getByRole('list', { name: tx('log.title') });
      const delivered = log.getByRole('listitem').filter({ hasText: tx('log.status_delivered') });
      await delivered.waitFor({ timeout: 15_000 });
      await delivered.locator('summary').click();
      await delivered.getByText(`webhook-id: ${request.headers['webhook-id']}`).waitFor();
      await delivered.getByText('thanks from the CRM').waitFor();
      await expect.poll(() => delivered.textContent()).toContain('HTTP 200');
      await expectAccessible(page, 'integrations with the delivery log');
      await maybeScreenshot(page, `integrations-owner-${lng}-log-360`, { fullPage: true });
      await page.setViewportSize({ width: 1280, height: 900 });
      await maybeScreenshot(page, `integrations-owner-${lng}-log-1280`, { fullPage: true });
      await page.setViewportSize({ width: 360, height: 780 });

      // Sent again: the same message (webhook-id) a second time, two attempts in the log.
      await delivered.getByRole('button', { name: tx('log.redeliver') }).click();
      await expect.poll(() => receiver.received.filter((r) => r.path === path).length, { timeout: 10_000 }).toBe(2);
      expect(receiver.received.filter((r) => r.path === path).map((r) => r.headers['webhook-id'])).toEqual([
        request.headers['webhook-id'],
        request.headers['webhook-id'],
      ]);
      await expect.poll(() => delivered.textContent(), { timeout: 15_000 }).toContain(tx('log.attempts_other', { count: 2 }));

      // An API token: shown once, works within its scope, shows its last use, revoked at once.
      const tokens = page.getByRole('region', { name: tx('tokens.title') });
      await tokens.getByLabel(tx('tokens.name')).fill('n8n');
      await tokens.getByRole('checkbox', { name: new RegExp(tx('scopes.cards_read')) }).check();
      await tokens.getByRole('button', { name: tx('tokens.create') }).click();
      await tokens.getByText(tx('shown_once')).waitFor();
      const token = (await tokens.locator('.secret-value').textContent()) ?? '';
      expect(token).toMatch(/^cmc_/);
      const bearer = { ...owner, token, auth: { authorization: `Bearer ${token}` } };
      expect((await t.get('/find/own/cards', bearer)).status).toBe(200);
      // Its last use is written in the background: waited for before the screen is read again.
      await expect.poll(async () => (await t.get('/find/own/api-tokens', owner)).body.tokens[0]?.lastUsedAt).toBeGreaterThan(0);
      await tokens.getByRole('button', { name: tx('done') }).click();
      await page.reload();
      const tokenRow = page
        .getByRole('region', { name: tx('tokens.title') })
        .getByRole('listitem')
        .filter({ hasText: 'n8n' });
      await expect.poll(() => tokenRow.textContent()).toContain('leads:read, cards:read');
      expect(await tokenRow.textContent()).not.toContain(tx('tokens.never_used'));
      await maybeScreenshot(page, `integrations-owner-${lng}-tokens-360`, { fullPage: true });
      await page.setViewportSize({ width: 1280, height: 900 });
      await maybeScreenshot(page, `integrations-owner-${lng}-tokens-1280`, { fullPage: true });
      await tokenRow.getByRole('button', { name: tx('tokens.revoke') }).click();
      await page
        .getByRole('dialog')
        .getByRole('button', { name: tx('tokens.revoke') })
        .click();
      await page
        .getByRole('region', { name: tx('tokens.title') })
        .getByText(tx('tokens.none'))
        .waitFor();
      expect((await t.get('/find/own/cards', bearer)).status).toBe(401);
    });
  });
});
