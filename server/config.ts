import path from 'node:path';
import { z } from 'zod';
import { CRM_SECRET_SETTINGS, CRM_SETTINGS, crmConfigOf, type CrmConfig } from './config-crm.ts';

/** An on/off setting: `1`/`true` or `0`/`false`. */
const flag = z.enum(['true', 'false', '1', '0']).default('false');
const isOn = (value: z.infer<typeof flag>) => value === 'true' || value === '1'; // prettier-ignore

/**
 * A connection string: its scheme, and whether it parses as a URL at all. The clients parse it
 * only when they connect, and their "Invalid URL" would not say which setting it was (issue 20).
 */
const connectionUrl = (scheme: RegExp, schemeMessage: string) =>
  z
    .string()
    .regex(scheme, schemeMessage)
    .refine((value) => URL.canParse(value), 'is not a valid URL (check the host, the port and that special characters in the password are percent-encoded)');

/** Every setting of the service, parsed once at start from the environment (and `.env`); docs/configuration.md and `.env.example` list them. */
const settingsSchema = z.object({
  /** production | development | test. Production hides /_dev/mail and the add-translation path. */
  NODE_ENV: z.enum(['production', 'development', 'test']).default('development'),
  /** HTTP port. */
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** Interface to listen on; outside production only this machine (127.0.0.1), in production every interface. */
  HOST: z.string().min(1).optional(),
  /** Folder for the embedded database, uploads, the outbox and the development wallet certificate. */
  DATA_DIR: z.string().min(1).default('./data'),
  /** The address visitors use; card links (D3) and links in e-mails start with it. Defaults to http://localhost:PORT. */
  PUBLIC_URL: z.string().url().optional(),
  /** PostgreSQL connection string; without it the embedded SQLite database in DATA_DIR is used. */
  DATABASE_URL: connectionUrl(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://').optional(),
  /** SMTP server for e-mails (smtp://user:pass@host:port or smtps://...); without it mails go to the local outbox. */
  SMTP_URL: connectionUrl(/^smtps?:\/\//, 'must start with smtp:// or smtps://').optional(),
  /**
   * Without SMTP_URL, keep e-mails as files in DATA_DIR/outbox (readable by the server's user
   * only). The default outside production; in production it must be chosen explicitly, or a
   * start without SMTP_URL stops (issue 20: verification and reset links would pile up unsent).
   */
  MAIL_OUTBOX: flag,
  /** Sender of every e-mail. */
  MAIL_FROM: z.string().min(3).default('Contact Cards <no-reply@localhost>'),
  /** Secret that signs sessions and tokens; at least 32 characters. Without it one is generated into DATA_DIR/auth-secret. */
  AUTH_SECRET: z.string().min(32, 'must have at least 32 characters').optional(),
  /** Support address shown in the owner app's menu; issue 35: the contact a blocked card's page and its owner are given. */
  SUPPORT_EMAIL: z.string().email().default('support@example.com'),
  /** Issue 35: the company that issues the cards, named (with SUPPORT_EMAIL) on a blocked card's page and in its owner's app. */
  ISSUER_NAME: z.string().trim().min(1).max(80).default('Contact Cards'),
  /** External shop for new cards ("get yours", "want another card"). */
  SHOP_URL: z.string().url().default('https://shop.example.com'),
  /** Log level of the structured logs. */
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Demo cards minted on the first start of the embedded default (D9); 0 to switch off. */
  DEMO_CARDS: z.coerce.number().int().min(0).max(50).default(3),
  /** Number of proxies in front of the server whose X-Forwarded-For is trusted (rate limits per visitor). */
  TRUST_PROXY: z.coerce.number().int().min(0).max(10).default(0),
  /** Leads (visitors' contact details) older than this many days are deleted by a job in the server (issue 12). */
  LEADS_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(365),
  /** Issue 25: webhook URLs may be http (not only https). For tests and local receivers. */
  WEBHOOKS_ALLOW_HTTP: flag,
  /** Issue 25: webhooks may reach loopback and private addresses (never 169.254.169.254). */
  WEBHOOKS_ALLOW_PRIVATE: flag,
  /** Issue 28: comma-separated e-mails of operator accounts, besides those granted with `npm run cards -- operator grant`. */
  OPERATOR_EMAILS: z.string().optional(),
  /** Apple Wallet (D11): PEM file paths and identifiers; without them a development certificate is made. */
  APPLE_PASS_CERT: z.string().optional(),
  APPLE_PASS_KEY: z.string().optional(),
  APPLE_PASS_KEY_PASSPHRASE: z.string().optional(),
  APPLE_WWDR_CERT: z.string().optional(),
  APPLE_PASS_TYPE_ID: z.string().default('pass.com.example.contactcards'),
  APPLE_TEAM_ID: z.string().default('DEVTEAM000'),
  /** Issue 26: the APNs token key (.p8) and its key id; with both, devices get a push when their pass changes. */
  APNS_KEY: z.string().optional(),
  APNS_KEY_ID: z
    .string()
    .regex(/^[A-Z0-9]{10}$/, 'the 10-character key id Apple shows')
    .optional(),
  /** Where pushes go: Apple's production APNs (Wallet uses no sandbox) unless a stand-in is named, with its CA (PEM path). */
  APNS_HOST: z.string().default('api.push.apple.com'),
  APNS_PORT: z.coerce.number().int().min(1).max(65535).default(443),
  APNS_CA: z.string().optional(),
  /** Google Wallet (D11): path of the service-account JSON key and the issuer id; without them the save link answers 503. */
  GOOGLE_WALLET_SERVICE_ACCOUNT: z.string().optional(),
  GOOGLE_WALLET_ISSUER_ID: z.string().optional(),
  /** Issue 26: the OAuth token endpoint and the Wallet API that saved passes are updated through; only a stand-in changes them. */
  GOOGLE_OAUTH_TOKEN_URL: z.string().url().default('https://oauth2.googleapis.com/token'),
  GOOGLE_WALLET_API_URL: z.string().url().default('https://walletobjects.googleapis.com'),
  /** Company sign-in (issue 13.7): an OpenID Connect provider; all three or none. */
  OIDC_ISSUER: z.string().url().optional(),
  OIDC_CLIENT_ID: z.string().optional(),
  OIDC_CLIENT_SECRET: z.string().optional(),
  /** The login button's text, e.g. "Sign in with Example Corp". */
  OIDC_BUTTON_LABEL: z.string().max(60).default('Company sign-in'),
  /** Redis (redis://user:pass@host:6379/0 or rediss://…): shared rate limits and cache invalidation between instances; without it the database counts and caches live a second. */
  REDIS_URL: connectionUrl(/^rediss?:\/\//, 'must start with redis:// or rediss://').optional(),
  /** Prefix of every Redis key and channel, so deployments (or test runs) can share one Redis. */
  REDIS_KEY_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9:_.-]{1,64}$/, 'letters, digits and : _ . - only')
    .default('cards:'),
  /** S3-compatible object storage for uploads: the bucket. Without it uploads live in DATA_DIR/uploads. */
  S3_BUCKET: z.string().min(3).max(63).optional(),
  /** The store's address (https://s3.eu-central-1.amazonaws.com, http://minio:9000, …); without it AWS's own for S3_REGION. */
  S3_ENDPOINT: z.string().url().optional(),
  /** Region the bucket lives in (MinIO and most other stores accept any). */
  S3_REGION: z.string().min(1).default('us-east-1'),
  /** Access key; both or neither (neither: the AWS SDK's own chain, e.g. an instance role). */
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** Path-style addresses (endpoint/bucket/key) instead of bucket.endpoint: what MinIO and most self-hosted stores need. */
  S3_FORCE_PATH_STYLE: flag,
  /** The benchmarks' baseline routes (`/bench/*`, npm run bench); off unless a benchmark turns them on. */
  BENCH_ROUTES: flag,
  /** Issue 39: DNS servers of the page host checks (`ip` or `ip:port`, comma-separated); without it the system's. */
  DNS_RESOLVER: z.optional(z.string().regex(/^[0-9a-fA-F.:[\], ]+$/, 'IP addresses, optionally with :port, comma-separated')),
  ...CRM_SETTINGS, // Issue 37: HUBSPOT_, SALESFORCE_ and PIPEDRIVE_ CLIENT_ID, CLIENT_SECRET, BASE_URL, AUTH_URL (server/config-crm.ts).
});

export type Settings = z.infer<typeof settingsSchema>;

/** The name of every setting (for the check that .env.example, the docs and compose.yaml name only these). */
export const SETTING_NAMES: readonly string[] = Object.keys(settingsSchema.shape);

/** The typed configuration every module receives. */
export interface Config {
  env: Settings['NODE_ENV'];
  isProduction: boolean;
  port: number;
  host: string;
  dataDir: string;
  publicUrl: string; // No trailing slash.
  webAuthn: { rpID: string; origin: string }; // Passkeys (WebAuthn) are bound to the public address: its host name and its origin.
  databaseUrl: string | undefined;
  /** Without it mails go to DATA_DIR/outbox (in production only with MAIL_OUTBOX=1). */
  smtpUrl: string | undefined;
  mailFrom: string;
  /** AUTH_SECRET as set; without it `server/auth/auth-secret.ts` keeps a generated one in the data folder. */
  authSecret: string | undefined;
  supportEmail: string;
  issuerName: string;
  shopUrl: string;
  logLevel: Settings['LOG_LEVEL'];
  demoCards: number;
  trustProxy: number;
  /** Days a lead is kept before the retention job deletes it. */
  leadsRetentionDays: number;
  /** Issue 25: what webhook targets may be (https only and public addresses by default). */
  webhooks: { allowHttp: boolean; allowPrivate: boolean };
  /** Issue 28: operator e-mails from OPERATOR_EMAILS, lower case. */
  operatorEmails: string[];
  wallet: {
    apple: {
      certPath?: string;
      keyPath?: string;
      keyPassphrase?: string;
      wwdrPath?: string;
      passTypeId: string;
      teamId: string;
      /** APNs with a token key (issue 26); undefined: passes update on the device's own refresh. */
      push?: { keyPath: string; keyId: string; host: string; port: number; caPath?: string };
    };
    /** GOOGLE_OAUTH_TOKEN_URL and GOOGLE_WALLET_API_URL (issue 26) as `tokenUrl` and `apiUrl`. */
    google: { serviceAccountPath?: string; issuerId?: string; tokenUrl: string; apiUrl: string };
  };
  /** Company sign-in through an OpenID Connect provider, when configured. */
  oidc: { issuer: string; clientId: string; clientSecret: string; buttonLabel: string } | undefined;
  /** Redis for several instances; undefined on the embedded default. */
  redis: { url: string; keyPrefix: string } | undefined;
  /** S3-compatible storage for uploads; undefined: the local folder DATA_DIR/uploads. */
  s3: S3Settings | undefined;
  /** Registers the benchmarks' baseline routes `/bench/*` (BENCH_ROUTES). */
  benchRoutes: boolean;
  dnsServers: string[]; // DNS_RESOLVER's servers, empty for the system's
  crm: CrmConfig; // Issue 37: the CRMs offered (those with a client id and secret).
}

/** Where S3-compatible storage is and how to sign in to it. */
export interface S3Settings {
  bucket: string;
  endpoint: string | undefined;
  region: string;
  /** Undefined: the AWS SDK's default chain (environment, instance role). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  forcePathStyle: boolean;
}

/** Settings that carry passwords or keys: named in errors, their values never shown. */
const SECRET_SETTINGS = new Set([
  'DATABASE_URL',
  'SMTP_URL',
  'AUTH_SECRET',
  'REDIS_URL',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
  'APPLE_PASS_KEY_PASSPHRASE',
  ...CRM_SECRET_SETTINGS,
]);

/** A setting that is missing or malformed; main.ts prints its message as one line and exits. */
export class ConfigError extends Error {}

/** Parses the environment into a Config, or throws a ConfigError naming the first bad setting. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  // Empty strings in .env files mean "not set", not "set to nothing".
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = settingsSchema.safeParse(cleaned);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = String(issue.path[0] ?? 'setting');
    // Secrets are never echoed, so a start log holds no password or key.
    const given = SECRET_SETTINGS.has(name) ? undefined : cleaned[name];
    throw new ConfigError(`Invalid setting ${name}${given === undefined ? '' : `=${JSON.stringify(given)}`}: ${issue.message}`);
  }
  const s = parsed.data;
  const isProduction = s.NODE_ENV === 'production';
  if (isProduction && !s.PUBLIC_URL) throw new ConfigError('Missing setting PUBLIC_URL: required in production (the address visitors use)');
  if (s.SMTP_URL && isOn(s.MAIL_OUTBOX)) throw new ConfigError('Conflicting settings SMTP_URL and MAIL_OUTBOX: mails go either over SMTP or into the outbox');
  if (isProduction && !s.SMTP_URL && !isOn(s.MAIL_OUTBOX)) {
    throw new ConfigError(
      'Missing setting SMTP_URL: required in production, so verification and reset mails reach people (or set MAIL_OUTBOX=1 to keep them in DATA_DIR/outbox)',
    );
  }
  const appleFiles = [s.APPLE_PASS_CERT, s.APPLE_PASS_KEY, s.APPLE_WWDR_CERT];
  if (appleFiles.some(Boolean) && !appleFiles.every(Boolean)) {
    throw new ConfigError('Incomplete Apple Wallet settings: APPLE_PASS_CERT, APPLE_PASS_KEY and APPLE_WWDR_CERT go together');
  }
  if (Boolean(s.APNS_KEY) !== Boolean(s.APNS_KEY_ID)) throw new ConfigError('Incomplete Apple push settings: APNS_KEY and APNS_KEY_ID go together');
  if (Boolean(s.GOOGLE_WALLET_SERVICE_ACCOUNT) !== Boolean(s.GOOGLE_WALLET_ISSUER_ID)) {
    throw new ConfigError('Incomplete Google Wallet settings: GOOGLE_WALLET_SERVICE_ACCOUNT and GOOGLE_WALLET_ISSUER_ID go together');
  }
  const oidcSettings = [s.OIDC_ISSUER, s.OIDC_CLIENT_ID, s.OIDC_CLIENT_SECRET];
  if (oidcSettings.some(Boolean) && !oidcSettings.every(Boolean)) {
    throw new ConfigError('Incomplete company sign-in settings: OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET go together');
  }
  if (Boolean(s.S3_ACCESS_KEY_ID) !== Boolean(s.S3_SECRET_ACCESS_KEY)) {
    throw new ConfigError('Incomplete S3 settings: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together');
  }
  if (!s.S3_BUCKET && (s.S3_ENDPOINT || s.S3_ACCESS_KEY_ID))
    throw new ConfigError('Incomplete S3 settings: S3_BUCKET is required when S3_ENDPOINT or S3 keys are set');
  return {
    env: s.NODE_ENV,
    isProduction,
    port: s.PORT,
    // Development mode is for this machine only: it has the outbox and the add-translation path.
    host: s.HOST ?? (isProduction ? '0.0.0.0' : '127.0.0.1'),
    dataDir: path.resolve(s.DATA_DIR),
    publicUrl: (s.PUBLIC_URL ?? `http://localhost:${s.PORT}`).replace(/\/+$/, ''),
    webAuthn: webAuthnOf(s.PUBLIC_URL ?? `http://localhost:${s.PORT}`),
    databaseUrl: s.DATABASE_URL,
    smtpUrl: s.SMTP_URL,
    mailFrom: s.MAIL_FROM,
    authSecret: s.AUTH_SECRET,
    supportEmail: s.SUPPORT_EMAIL,
    issuerName: s.ISSUER_NAME,
    shopUrl: s.SHOP_URL,
    logLevel: s.LOG_LEVEL,
    demoCards: s.DEMO_CARDS,
    trustProxy: s.TRUST_PROXY,
    leadsRetentionDays: s.LEADS_RETENTION_DAYS,
    webhooks: { allowHttp: isOn(s.WEBHOOKS_ALLOW_HTTP), allowPrivate: isOn(s.WEBHOOKS_ALLOW_PRIVATE) },
    operatorEmails: (s.OPERATOR_EMAILS ?? '')
      .split(',')
      .map((e) => e.trim().toLowerCase())
      .filter(Boolean),
    wallet: {
      apple: {
        certPath: s.APPLE_PASS_CERT,
        keyPath: s.APPLE_PASS_KEY,
        keyPassphrase: s.APPLE_PASS_KEY_PASSPHRASE,
        wwdrPath: s.APPLE_WWDR_CERT,
        passTypeId: s.APPLE_PASS_TYPE_ID,
        teamId: s.APPLE_TEAM_ID,
        push: s.APNS_KEY && s.APNS_KEY_ID ? { keyPath: s.APNS_KEY, keyId: s.APNS_KEY_ID, host: s.APNS_HOST, port: s.APNS_PORT, caPath: s.APNS_CA } : undefined,
      },
      google: { serviceAccountPath: s.GOOGLE_WALLET_SERVICE_ACCOUNT, issuerId: s.GOOGLE_WALLET_ISSUER_ID, ...googleApis(s) },
    },
    oidc:
      s.OIDC_ISSUER && s.OIDC_CLIENT_ID && s.OIDC_CLIENT_SECRET
        ? { issuer: s.OIDC_ISSUER.replace(/\/+$/, ''), clientId: s.OIDC_CLIENT_ID, clientSecret: s.OIDC_CLIENT_SECRET, buttonLabel: s.OIDC_BUTTON_LABEL }
        : undefined,
    redis: s.REDIS_URL ? { url: s.REDIS_URL, keyPrefix: s.REDIS_KEY_PREFIX } : undefined,
    s3: s.S3_BUCKET
      ? {
          bucket: s.S3_BUCKET,
          endpoint: s.S3_ENDPOINT,
          region: s.S3_REGION,
          credentials: s.S3_ACCESS_KEY_ID && s.S3_SECRET_ACCESS_KEY ? { accessKeyId: s.S3_ACCESS_KEY_ID, secretAccessKey: s.S3_SECRET_ACCESS_KEY } : undefined,
          forcePathStyle: isOn(s.S3_FORCE_PATH_STYLE),
        }
      : undefined,
    benchRoutes: isOn(s.BENCH_ROUTES),
    dnsServers: (s.DNS_RESOLVER ?? '').split(',').map((a) => a.trim()).filter(Boolean), // prettier-ignore
    crm: crmConfigOf(s),
  };
}

/** Where the Google Wallet updates of issue 26 go: the token endpoint and the Wallet API's base address (no trailing slash). */
const googleApis = (s: Settings) => ({ tokenUrl: s.GOOGLE_OAUTH_TOKEN_URL, apiUrl: s.GOOGLE_WALLET_API_URL.replace(/\/+$/, '') });
/** The relying party of passkeys: the public address's host name (no port) and its origin. */
const webAuthnOf = (publicUrl: string, url = new URL(publicUrl)): Config['webAuthn'] => ({ rpID: url.hostname, origin: url.origin });
