import type { Invalidation } from '../../lib/invalidation.ts';

interface Hosts {
  byHost: ReadonlyMap<string, string>;
  byOrganisation: ReadonlyMap<string, string>;
  read: number;
}

/**
 * Issue 39: the verified page hosts and their organisations, all in memory (one row per
 * organisation at most), so the host gate, the TLS proxy's question and the share links never
 * read the database per request. Read again when older than the shared caches' time
 * (lib/invalidation.ts: a second without Redis, ten with it), and at once when this instance
 * changes a host or another instance says so (`page-hosts` over Redis).
 */
export function createPageHostDirectory(load: () => Promise<{ host: string; organisationId: string }[]>, invalidation: Invalidation) {
  let hosts: Hosts | null = null;
  let pending: Promise<Hosts> | null = null;
  // Counts forgettings, so a read begun before one is not kept after it.
  let generation = 0;
  const forget = () => {
    hosts = null;
    generation++;
  };
  invalidation.subscribe((event) => {
    if (event.kind === 'page-hosts' || event.kind === 'all') forget();
  });

  function current(): Hosts | Promise<Hosts> {
    if (hosts && Date.now() - hosts.read < invalidation.cacheMs()) return hosts;
    if (pending) return pending;
    const startedAt = generation;
    const reading = load()
      .then((rows) => {
        const read: Hosts = {
          byHost: new Map(rows.map((r) => [r.host, r.organisationId])),
          byOrganisation: new Map(rows.map((r) => [r.organisationId, r.host])),
          read: Date.now(),
        };
        if (startedAt === generation) hosts = read;
        return read;
      })
      .finally(() => {
        if (pending === reading) pending = null;
      });
    pending = reading;
    return reading;
  }

  return {
    /** The organisation whose verified page host `host` is (lower case, no port), or undefined. */
    async organisationOf(host: string): Promise<string | undefined> {
      return (await current()).byHost.get(host);
    },
    /** The organisation's verified page host, or undefined. */
    async hostOf(organisationId: string): Promise<string | undefined> {
      return (await current()).byOrganisation.get(organisationId);
    },
    /** After a change committed: this instance reads again at once, and tells the others. */
    async changed(): Promise<void> {
      forget();
      pending = null;
      await invalidation.publish({ kind: 'page-hosts' });
    },
  };
}
export type PageHostDirectory = ReturnType<typeof createPageHostDirectory>;

/**
 * Issue 39: the address a company profile's page is shared under once its organisation's host is
 * verified (`https://{host}`), else null (the service's own). The share panel, QR codes, e-mail
 * signatures, video backgrounds and new wallet passes ask it.
 */
export function createPageOrigins(directory: PageHostDirectory, organisationOfProfile: (profileId: string) => Promise<string | null>) {
  return {
    async of(profileId: string): Promise<string | null> {
      const organisationId = await organisationOfProfile(profileId);
      const host = organisationId ? await directory.hostOf(organisationId) : undefined;
      return host ? `https://${host}` : null;
    },
  };
}
export type PageOrigins = ReturnType<typeof createPageOrigins>;
