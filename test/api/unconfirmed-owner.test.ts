import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BROWSER_UA, createLink, createProfile, expectD4, registerCard } from '../support/factories.ts';
import { createTestApp, type TestApp, type TestUser } from '../support/test-app.ts';

/**
 * Issue 20: an account whose owner never confirmed the e-mail address has no public presence.
 * Otherwise anyone could sign up with any address and use this host's /go links as an open
 * redirect (spam, phishing). Its pages answer exactly as a profile that is not published.
 */

let t: TestApp;
let unconfirmed: TestUser;
let confirmed: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  unconfirmed = await t.signUp({ verified: false });
  confirmed = await t.signUp();
});
afterAll(() => t.close());

const page = (url: string) => t.call({ method: 'GET', url, headers: { accept: 'text/html', 'user-agent': BROWSER_UA } });

/** The public answers of one profile: its pages, its JSON, its /go redirect. */
async function publicAnswers(profileId: string, shortLinkId: string, linkId: string) {
  const answers = {
    p: await page(`/p/${profileId}`),
    l: await page(`/l/${shortLinkId}`),
    linkinbio: await page(`/linkinbio/${shortLinkId}`),
    go: await page(`/go/${linkId}?p=${profileId}`),
    show: await t.post('/profile/show', { profileId }),
    links: await t.post('/social-media-links/show', { profileId }),
    shortLink: await t.post('/profile/short-link/social-media-links/show', { shortLinkId }),
    vcard: await t.get(`/download/generate-vcf-with-comment?profileId=${profileId}`),
  };
  return Object.fromEntries(Object.entries(answers).map(([name, res]) => [name, { status: res.status, body: name === 'go' ? res.body : res.raw }]));
}

describe('a profile of an account that never confirmed its e-mail address', () => {
  it('answers like a profile that is not published: pages, JSON, downloads and /go (404), and counts nothing', async () => {
    const profile = await createProfile(t, unconfirmed, { firstName: 'Spam' });
    const link = await createLink(t, unconfirmed, profile.id, { type: 'website', link: 'https://phishing.example/login' });
    const shortLinkId = (await t.post('/find/own/profile/by-id', { profileId: profile.id }, unconfirmed)).body.shortLinkId as string;

    // The same profile of a confirmed owner, deactivated: "not published" as it answers today.
    const unpublished = await createProfile(t, confirmed, { firstName: 'Spam' });
    const unpublishedLink = await createLink(t, confirmed, unpublished.id, { type: 'website', link: 'https://phishing.example/login' });
    const unpublishedShort = (await t.post('/find/own/profile/by-id', { profileId: unpublished.id }, confirmed)).body.shortLinkId as string;
    expect((await t.post('/profile/deactivate', { profileId: unpublished.id }, confirmed)).status).toBe(200);

    const answers = await publicAnswers(profile.id, shortLinkId, link.socialMediaLinkId);
    const reference = await publicAnswers(unpublished.id, unpublishedShort, unpublishedLink.socialMediaLinkId);
    expect(answers.p.status).toBe(404);
    expect(answers.go.status).toBe(404);
    expect(answers.go.body.code).toBe('cmc/link-not-found');
    for (const name of Object.keys(answers)) expect(answers[name].status, name).toBe(reference[name].status);
    expect(answers.p.body).toBe(reference.p.body);
    expect(answers.l.body).toBe(reference.l.body.replace(unpublishedShort, shortLinkId));
    expect(answers.show.body).toBe(reference.show.body);

    // The owner still sees and edits it.
    expect((await t.post('/find/own/profile/by-id', { profileId: profile.id }, unconfirmed)).status).toBe(200);
    await t.app.features.stats.views.flush();
    const stats = await t.get(`/find/own/stats?profileId=${profile.id}&days=7`, unconfirmed);
    expect(stats.status, stats.raw).toBe(200);
    expect(stats.body.links).toEqual([]);
  });

  it('a card registered to it does not show the profile', async () => {
    const owner = await t.signUp();
    const card = await registerCard(t, owner);
    // The account loses its confirmation (as if it had never had one): the card page leads nowhere.
    await t.app.db
      .updateTable('user')
      .set({ emailVerified: t.engine === 'postgres' ? false : 0 })
      .where('id', '=', owner.userId)
      .execute();
    expect((await t.post('/profile/update', { id: card.cardProfileId, firstName: 'Again' }, owner)).status).toBe(200);
    expectD4(await t.post('/card/show', { cardId: card.cardId }), 404, 'cmc/profile-not-found');
    const res = await page(`/card/${card.cardId}`);
    const followed = res.status === 302 ? await page(String(res.headers.location)) : res;
    expect(followed.status).toBe(404);
  });

  it('is public once the address is confirmed (at the next change at once, else within the stamp cache time)', async () => {
    const owner = await t.signUp({ verified: false });
    const profile = await createProfile(t, owner);
    const link = await createLink(t, owner, profile.id, { type: 'website', link: 'https://example.com/me' });
    expect((await page(`/p/${profile.id}`)).status).toBe(404);
    await t.app.db
      .updateTable('user')
      .set({ emailVerified: t.engine === 'postgres' ? true : 1 })
      .where('id', '=', owner.userId)
      .execute();
    expect((await t.post('/profile/update', { id: profile.id, firstName: 'Now' }, owner)).status).toBe(200);
    expect((await page(`/p/${profile.id}`)).status).toBe(200);
    const go = await page(`/go/${link.socialMediaLinkId}?p=${profile.id}`);
    expect(go.status).toBe(302);
    expect(go.headers.location).toBe('https://example.com/me');
  });
});
