import { zipSync, strToU8, type Zippable } from 'fflate';
import type { TableInfo } from '../../db/schema-info.ts';
import type { AccountExportRepository } from './account-export.repository.ts';
import { deviceOf } from './device-name.ts';
import type { Storage } from '../../storage/storage.ts';

type Row = Record<string, unknown>;

/** What a section reader gets: the export's repository, the database's tables, and the account's profiles. */
interface SectionContext {
  exports: AccountExportRepository;
  tables: TableInfo[];
  profileIds: string[];
}

/** Answers rows that carry `profileId`; the exporter puts each under its profile. */
type ProfileSection = (context: SectionContext) => Promise<Row[]>;

/**
 * Every row, with all its columns (a column added later is exported without an edit) except
 * `omit`, of the tables matching `name` that have a `profileId` column, for the account's
 * profiles. A table that does not exist (yet) answers no rows.
 */
function rowsOf(name: string | RegExp, orderBy?: string, omit: string[] = []): ProfileSection {
  return async ({ exports, tables, profileIds }) => {
    const matching = tables.filter((t) => (typeof name === 'string' ? t.name === name : name.test(t.name)) && t.columns.includes('profileId'));
    if (profileIds.length === 0) return [];
    const rows: Row[] = [];
    for (const table of matching) {
      const order = orderBy && table.columns.includes(orderBy) ? orderBy : undefined;
      for (const row of await exports.profileRows(table.name, profileIds, order))
        rows.push(Object.fromEntries(Object.entries(row).filter(([column]) => !omit.includes(column))));
    }
    return rows;
  };
}

/**
 * What each profile of the export holds besides its own fields, one line per section. To
 * export another table that hangs on a profile, add a line here (and a sentence to README).
 * Statistics are issue 12's counts per UTC hour (`visitCount`: hour, source, card, metric, link, count).
 */
export const PROFILE_SECTIONS: Record<string, ProfileSection> = {
  links: rowsOf('link', 'sort'),
  // A card's first registration may have been another account's (the card was reset since): not this account's data.
  cards: rowsOf('card', 'registered', ['firstRegistered']),
  leads: rowsOf('lead', 'created'),
  statistics: rowsOf('visitCount', 'hour'),
};

const README = `Contact Cards – data export / Datenexport
==========================================

account.json
  "account": your account: name, e-mail address, whether it is confirmed, when it was
    created; "signInMethods": how you sign in (password, company sign-in), without
    passwords or keys; "passkeys": your passkeys' names and dates, without their keys;
    "sessions": the devices signed in to your account, without their tokens.
  "profiles": every profile with all its fields, and under each profile:
    "links"      – its links,
    "cards"      – the cards that show it,
    "leads"      – the contacts visitors left on its page,
    "statistics" – its statistics per hour (UTC), where the service keeps them.
  "images" of a profile names its picture and logo files in the images folder.
images/
  The pictures and logos you uploaded, as the service stores them.

account.json
  "account": Ihr Konto: Name, E-Mail-Adresse, ob sie bestätigt ist, wann es angelegt wurde;
    "signInMethods": wie Sie sich anmelden (Passwort, Firmen-Anmeldung), ohne
    Passwörter oder Schlüssel; "passkeys": Name und Datum Ihrer Passkeys, ohne Schlüssel;
    "sessions": die angemeldeten Geräte, ohne ihre Tokens.
  "profiles": jedes Profil mit allen Feldern und darunter
    "links"      – seine Links,
    "cards"      – die Karten, die es zeigen,
    "leads"      – die Kontakte, die Besucher auf seiner Seite hinterlassen haben,
    "statistics" – seine Statistik je Stunde (UTC), soweit der Dienst sie führt.
  "images" eines Profils nennt die Dateien von Bild und Logo im Ordner images.
images/
  Die Bilder und Logos, die Sie hochgeladen haben, so wie der Dienst sie speichert.
`;

/** Dates as ISO text; everything else as stored. */
function plain(row: Row): Row {
  return Object.fromEntries(Object.entries(row).map(([k, v]) => [k, v instanceof Date ? v.toISOString() : v]));
}

/** Fields of better-auth's tables that are never exported: secrets and tokens. */
const SECRET_FIELDS = /password|token|secret|key|counter|backupCodes/i;
const withoutSecrets = (row: Row): Row => Object.fromEntries(Object.entries(plain(row)).filter(([k]) => !SECRET_FIELDS.test(k) || k === 'providerId'));

/** Builds the ZIP of GET /download/account-export. */
export async function buildAccountExport(options: {
  exports: AccountExportRepository;
  storage: Storage;
  userId: string;
  sessions: ReadonlyArray<{ id: string; userAgent?: string | null; ipAddress?: string | null; createdAt: Date; updatedAt: Date; expiresAt: Date }>;
}): Promise<{ zip: Uint8Array; fileName: string }> {
  const { exports } = options;
  const tables = await exports.tables();
  const user = await exports.user(options.userId);
  const signInMethods = await exports.signInMethods(options.userId);
  const passkeys = await exports.passkeys(options.userId);
  const profiles = await exports.profiles(options.userId);
  const profileIds = profiles.map((p) => String(p.id));
  const context: SectionContext = { exports, tables, profileIds };

  const sections = await Promise.all(
    Object.entries(PROFILE_SECTIONS).map(async ([name, read]) => {
      const byProfile = new Map<string, Row[]>();
      for (const row of await read(context)) {
        const id = String(row.profileId);
        byProfile.set(id, [...(byProfile.get(id) ?? []), plain(row)]);
      }
      return [name, byProfile] as const;
    }),
  );

  const files: Zippable = {};
  const exportedProfiles = [];
  for (const profile of profiles) {
    const images: Record<string, string> = {};
    for (const [field, kind] of [
      ['profileImageKey', 'picture'],
      ['profileLogoKey', 'logo'],
      ['backgroundImageKey', 'background'],
    ] as const) {
      const key = profile[field] as string | null;
      if (!key) continue;
      const stored = await options.storage.get(key);
      if (!stored) continue;
      const path = `images/${key}`;
      // Images are compressed already: stored, not deflated again.
      files[path] = [stored.data, { level: 0 }];
      images[kind] = path;
    }
    const entry: Row = { ...plain(profile), images };
    for (const [name, byProfile] of sections) entry[name] = byProfile.get(String(profile.id)) ?? [];
    exportedProfiles.push(entry);
  }

  const document = {
    exportedAt: new Date().toISOString(),
    account: withoutSecrets(user),
    signInMethods: signInMethods.map(plain),
    passkeys: passkeys.map(plain),
    sessions: options.sessions.map((s) => ({
      ...deviceOf(s.userAgent),
      ipAddress: s.ipAddress ?? null,
      createdAt: new Date(s.createdAt).toISOString(),
      lastSeenAt: new Date(s.updatedAt).toISOString(),
      expiresAt: new Date(s.expiresAt).toISOString(),
    })),
    profiles: exportedProfiles,
  };
  files['account.json'] = strToU8(JSON.stringify(document, null, 2));
  files['README.txt'] = strToU8(README);
  const day = new Date().toISOString().slice(0, 10);
  return { zip: zipSync(files, { level: 6 }), fileName: `contact-cards-export-${day}.zip` };
}
