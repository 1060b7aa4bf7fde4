import type { FastifyRequest } from 'fastify';
import type { Language } from '../../shared/schemas/profile.schema.ts';

/** A cookie value as written, or undecoded when it is not valid percent-encoding (a hand-made cookie must not break a page). */
function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** D1: de for German, en for everything else that is neither de nor en. */
function normalise(tag: string | undefined): Language | null {
  if (!tag) return null;
  const base = tag.trim().toLowerCase().split(/[-_]/)[0];
  // Only a language tag counts as a hint: '*' and garbage fall through to the next source.
  if (!base || !/^[a-z]{2,3}$/.test(base)) return null;
  return base === 'de' ? 'de' : 'en';
}

/**
 * The language of a server-rendered answer (D1): `?lng`, then the `i18next` cookie, then
 * Accept-Language (by q-value); a language that is neither de nor en shows English.
 */
export function pickLanguage(request: Pick<FastifyRequest, 'query' | 'headers'>): Language {
  return requestLanguage(request) ?? 'en';
}

/** What the request says of its language in D1's order, or null when it says nothing (no `?lng`, cookie or Accept-Language). */
export function requestLanguage(request: Pick<FastifyRequest, 'query' | 'headers'>): Language | null {
  const query = (request.query ?? {}) as Record<string, unknown>;
  const fromQuery = normalise(typeof query.lng === 'string' ? query.lng : undefined);
  if (fromQuery) return fromQuery;
  const cookie = /(?:^|;\s*)i18next=([^;]+)/.exec(request.headers.cookie ?? '')?.[1];
  const fromCookie = normalise(cookie ? safeDecode(cookie) : undefined);
  if (fromCookie) return fromCookie;
  const accepted = (request.headers['accept-language'] ?? '')
    .split(',')
    .map((part) => {
      const [tag, ...params] = part.trim().split(';');
      const q = Number(
        params
          .find((p) => p.trim().startsWith('q='))
          ?.trim()
          .slice(2) ?? '1',
      );
      return { tag, q: Number.isFinite(q) ? q : 0 };
    })
    .filter((x) => x.tag && x.q > 0)
    .sort((a, b) => b.q - a.q);
  return normalise(accepted[0]?.tag);
}

/**
 * `pickLanguage` remembered per combination of `?lng`, cookie and Accept-Language: the public
 * pages meet the same few combinations again and again, and D1's parsing then runs once for each.
 * Bounded: the memory is emptied when it holds 1000 combinations.
 */
export function createLanguageMemo(): (request: Pick<FastifyRequest, 'query' | 'headers'>) => Language {
  const languages = new Map<string, Language>();
  return (request) => {
    const query = request.query as Record<string, unknown> | undefined;
    const key = `${typeof query?.lng === 'string' ? query.lng : ''}\n${request.headers.cookie ?? ''}\n${request.headers['accept-language'] ?? ''}`;
    let lng = languages.get(key);
    if (!lng) {
      lng = pickLanguage(request);
      if (languages.size >= 1000) languages.clear();
      languages.set(key, lng);
    }
    return lng;
  };
}
