import { createServer as createNetServer } from 'node:net';
import type { Server } from 'node:http';
import Provider from 'oidc-provider';

/** A free port on 127.0.0.1, chosen by the OS. */
export function freeTcpPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createNetServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (address && typeof address === 'object' ? resolve(address.port) : reject(new Error('no free port'))));
    });
  });
}

/** A running OpenID provider for the company sign-in suites, and the settings that point the app at it. */
export interface OidcTestProvider {
  issuer: string;
  env: { OIDC_ISSUER: string; OIDC_CLIENT_ID: string; OIDC_CLIENT_SECRET: string; OIDC_BUTTON_LABEL: string };
  close(): Promise<void>;
}

export const OIDC_BUTTON_LABEL = 'Sign in with Example Corp';

/**
 * A real OpenID Connect provider (the `oidc-provider` package) on a free port, with one
 * confidential client whose redirect URI is the app's better-auth callback. Its development
 * login screen accepts any login: the login is the person's e-mail address, reported as
 * verified (`email_verified`), as a company directory would.
 */
export async function startOidcProvider(appPublicUrl: string): Promise<OidcTestProvider> {
  const port = await freeTcpPort();
  const issuer = `http://127.0.0.1:${port}`;
  const clientId = 'contact-cards';
  const clientSecret = 'contact-cards-test-secret-0123456789abcdef';
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [`${appPublicUrl}/api/auth/callback/oidc`],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    findAccount: async (_ctx: unknown, id: string) => ({
      accountId: id,
      claims: async () => ({ sub: id, email: id, email_verified: true, name: 'Company Person' }),
    }),
    pkce: { required: () => true },
    features: { devInteractions: { enabled: true } },
    cookies: { keys: ['test-cookie-key-0123456789'] },
  });
  const server: Server = provider.listen(port, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  return {
    issuer,
    env: { OIDC_ISSUER: issuer, OIDC_CLIENT_ID: clientId, OIDC_CLIENT_SECRET: clientSecret, OIDC_BUTTON_LABEL },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
