import { describe, expect, it } from 'vitest';
import { createProfile } from '../support/factories.ts';
import { appContext, expectAccessible, startAppServer, text, withFailureShot, type Lng } from './app-support.ts';
import { useE2eSession } from './support/session.ts';

// Issue 23, point 3 and "register a card without a camera": a second card asks which profile it
// shows, and its id or link can be typed or pasted.
const session = useE2eSession(startAppServer);

describe.each<Lng>(['en', 'de'])('registering another card in %s', (lng) => {
  it('takes a pasted card link, asks which profile the card shows and assigns an existing one; a typed id gets a new profile only with a name', async () => {
    const t = session.server.t;
    const user = await t.signUp();
    const profile = await createProfile(t, user, { profileName: 'Work', firstName: 'Ada', lastName: 'Lovelace' });
    const [cardId, secondId] = await t.mintCards('rainbow', 2);
    const context = await appContext(session.browser, lng, user);
    session.context = context;
    const page = await context.newPage();
    await withFailureShot(page, `card-choice-${lng}`, async () => {
      await page.goto(`${session.server.base}/register-card`);
      await page.getByRole('heading', { level: 1, name: text(lng, 'register_card', 'title') }).waitFor();
      const field = page.getByLabel(text(lng, 'register_card', 'typed.label'));

      // Something that is no card: said under the field.
      await field.fill('https://elsewhere.example/card/abc');
      await page.getByRole('button', { name: text(lng, 'register_card', 'typed.submit') }).click();
      await page.getByText(text(lng, 'register_card', 'could_not_read_card_info')).waitFor();

      // The card's link, pasted: the question which profile it shows.
      await field.fill(`${session.server.base}/card/${cardId}?src=qr`);
      await page.getByRole('button', { name: text(lng, 'register_card', 'typed.submit') }).click();
      const group = page.getByRole('group', { name: text(lng, 'register_card', 'choose.title') });
      await group.waitFor();
      await expectAccessible(page, 'choose profile');
      await group.getByLabel('Work').check();
      await page.getByRole('button', { name: text(lng, 'register_card', 'choose.submit') }).click();
      await page.getByText(text(lng, 'register_card', 'registered_info')).waitFor();
      await page.waitForURL(`${session.server.base}/`);
      await page.getByText(text(lng, 'cards', 'shows_profile', { name: 'Work' })).waitFor();
      const profiles = Object.values((await t.get('/find/own/profiles/active', user)).body as Record<string, { id: string }>);
      expect(profiles.map((p) => p.id)).toEqual([profile.id]);

      // The id alone, typed: a new profile, named, opens in the editor.
      await page.goto(`${session.server.base}/register-card`);
      await field.fill(secondId!);
      await page.getByRole('button', { name: text(lng, 'register_card', 'typed.submit') }).click();
      await group.waitFor();
      await group.getByLabel(text(lng, 'register_card', 'choose.new_profile')).check();
      // Never a page without a name: without one the card is not registered.
      await page.getByRole('button', { name: text(lng, 'register_card', 'choose.submit') }).click();
      await page.getByText(text(lng, 'register_card', 'choose.name_required')).waitFor();
      expect(((await t.get('/find/own/cards', user)).body as Array<{ cardId: string }>).map((c) => c.cardId)).toEqual([cardId]);
      await page.getByLabel(text(lng, 'register_card', 'choose.last_name')).fill('Hopper');
      await page.getByRole('button', { name: text(lng, 'register_card', 'choose.submit') }).click();
      await page.waitForURL(/\/profile\/[A-Za-z0-9]+$/);
      expect(await page.getByLabel(text(lng, 'edit_profile', 'fields.lastName')).inputValue()).toBe('Hopper');
      const cards = (await t.get('/find/own/cards', user)).body as Array<{ cardId: string; cardProfileId: string }>;
      expect(cards.find((c) => c.cardId === cardId)?.cardProfileId).toBe(profile.id);
      expect(cards.find((c) => c.cardId === secondId)?.cardProfileId).not.toBe(profile.id);
    });
  }, 90_000);
});
