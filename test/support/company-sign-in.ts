import { expect } from 'vitest';
import { createTestApp, type TestApp } from './test-app.ts';
import { freeTcpPort, startOidcProvider, type OidcTestProvider } from './oidc-test-provider.ts';

/**
 * Issue 13.7: the test app with company sign-in pointed at the local OpenID provider
 * (oidc-test-provider.ts), and a company sign-in through both (inject) as a browser does it.
 */

/**
 * The test app with company sign-in configured against a provider of its own. The provider
 * needs the app's callback address before the app starts, so the app's port is chosen first.
 * `env` and `options` go to createTestApp; `t.close()` closes the provider too.
 */
export async function createCompanySignInApp(
  env: Record<string, string> = {},
  options: Parameters<typeof createTestApp>[1] = {},
): Promise<{ t: TestApp; provider: OidcTestProvider }> {
  const port = await freeTcpPort();
  const publicUrl = `http://127.0.0.1:${port}`;
  const provider = await startOidcProvider(publicUrl);
  let t: TestApp;
  try {
    t = await createTestApp({ PORT: String(port), PUBLIC_URL: publicUrl, ...env, ...provider.env }, options);
  } catch (error) {
    await provider.close();
    throw error;
  }
  const closeApp = t.close.bind(t);
  t.close = async () => {
    await closeApp();
    await provider.close();
  };
  return { t, provider };
}

let addressCounter = 0;
/** Each sign-in from its own client address, as different people's browsers. */
const nextAddress = () => `10.66.${Math.floor(++addressCounter / 250)}.${addressCounter % 250}`;

/** Cookies by name, as a browser keeps them for 127.0.0.1 (ports share cookies). */
export class CookieJar {
  private cookies = new Map<string, string>();
  take(setCookies: string[] | string | undefined) {
    for (const line of Array.isArray(setCookies) ? setCookies : setCookies ? [setCookies] : []) {
      const [pair, ...attributes] = line.split(';');
      const [name, ...value] = pair.split('=');
      const expired = attributes.some((a) => /^\s*max-age=0/i.test(a) || /^\s*expires=Thu, 01 Jan 1970/i.test(a));
      if (expired) this.cookies.delete(name.trim());
      else this.cookies.set(name.trim(), value.join('='));
    }
  }
  header() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}

/**
 * The whole company sign-in of `email` through the app (inject) and the provider (HTTP):
 * answers where the app's callback finally sends the browser, and the jar.
 */
export async function companySignIn(t: TestApp, provider: OidcTestProvider, email: string) {
  const jar = new CookieJar();
  const start = await t.call({
    method: 'POST',
    url: '/api/auth/sign-in/social',
    remoteAddress: nextAddress(),
    payload: { provider: 'oidc', callbackURL: '/login?sso=done', errorCallbackURL: '/login?sso=failed', disableRedirect: true },
  });
  expect(start.status, start.raw).toBe(200);
  jar.take(start.headers['set-cookie'] as string[]);
  let url = new URL(start.body.url as string);
  for (let hop = 0; hop < 20; hop++) {
    if (url.origin === t.config.publicUrl) {
      const callback = await t.call({ method: 'GET', url: url.pathname + url.search, headers: { cookie: jar.header() } });
      jar.take(callback.headers['set-cookie'] as string[]);
      return { location: String(callback.headers.location), jar };
    }
    let res = await fetch(url, { redirect: 'manual', headers: { cookie: jar.header() } });
    jar.take(res.headers.getSetCookie());
    if (res.status === 200) {
      // The provider's development screens: first the login (any password), then the consent.
      const html = await res.text();
      const form: Record<string, string> = html.includes('name="login"') ? { prompt: 'login', login: email, password: 'any password' } : { prompt: 'consent' };
      res = await fetch(url, {
        method: 'POST',
        redirect: 'manual',
        headers: { cookie: jar.header(), 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(form),
      });
      jar.take(res.headers.getSetCookie());
    }
    expect([302, 303], `${url} answered ${res.status}`).toContain(res.status);
    url = new URL(res.headers.get('location')!, url);
  }
  throw new Error('company sign-in did not come back to the app');
}

/** The session the callback opened, as the owner app takes it over (get-session with the cookie). */
export async function sessionOf(t: TestApp, jar: CookieJar) {
  const res = await t.call({ method: 'GET', url: '/api/auth/get-session', headers: { cookie: jar.header() } });
  expect(res.status, res.raw).toBe(200);
  return res.body as { session: { token: string }; user: { id: string; email: string; emailVerified: boolean } } | null;
}
