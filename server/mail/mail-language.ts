import type { Language } from '../../shared/schemas/profile.schema.ts';
import { requestLanguage } from '../http/language.ts';

/** A request as better-auth hands it to its callbacks and hooks (a web Request, or only its headers). */
type WebRequestLike = { url?: string; headers: Headers } | Headers | null | undefined;

/** A web request's language in D1's order (`?lng`, the i18next cookie, Accept-Language), or null when it names none. */
export function webRequestLanguage(request: WebRequestLike): Language | null {
  if (!request) return null;
  const headers = request instanceof Headers ? request : request.headers;
  const url = request instanceof Headers ? undefined : request.url;
  let query: Record<string, string> = {};
  if (url) {
    try {
      query = Object.fromEntries(new URL(url, 'http://localhost').searchParams);
    } catch {
      query = {};
    }
  }
  return requestLanguage({
    query,
    headers: { cookie: headers.get('cookie') ?? undefined, 'accept-language': headers.get('accept-language') ?? undefined },
  });
}

/** The stored language of an account, when it is one of ours. */
export function accountLanguage(user: object | null | undefined): Language | null {
  const language = (user as { language?: unknown } | null | undefined)?.language;
  return language === 'de' || language === 'en' ? language : null;
}

/**
 * The language of a mail to a person (issue 23): the one of the request they made that caused
 * it, else the one stored with their account (set at sign-up and each sign-in), else English (D1).
 */
export function mailLanguage(request: WebRequestLike, user?: object | null): Language {
  return webRequestLanguage(request) ?? accountLanguage(user) ?? 'en';
}
