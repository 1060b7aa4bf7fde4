import type { LinkType } from './schemas/link.schema.ts';

// Used by the server (the link schemas) and the owner app's editor alike: no Node imports.

/**
 * Issue 23: the address of a profile on each network that has user names, `{h}` standing for
 * the name. Types without one (discord, skype, spotify, squarespace, and the web link types)
 * still need a full address.
 */
const PROFILE_URLS: Partial<Record<LinkType, string>> = {
  instagram: 'https://www.instagram.com/{h}',
  facebook: 'https://www.facebook.com/{h}',
  twitter: 'https://x.com/{h}',
  linkedin: 'https://www.linkedin.com/in/{h}',
  codepen: 'https://codepen.io/{h}',
  couchsurfing: 'https://www.couchsurfing.com/people/{h}',
  dribbble: 'https://dribbble.com/{h}',
  flickr: 'https://www.flickr.com/people/{h}',
  github: 'https://github.com/{h}',
  pinterest: 'https://www.pinterest.com/{h}',
  reddit: 'https://www.reddit.com/user/{h}',
  snapchat: 'https://www.snapchat.com/add/{h}',
  soundcloud: 'https://soundcloud.com/{h}',
  tiktok: 'https://www.tiktok.com/@{h}',
  tumblr: 'https://{h}.tumblr.com',
  twitch: 'https://www.twitch.tv/{h}',
  vimeo: 'https://vimeo.com/{h}',
  xing: 'https://www.xing.com/profile/{h}',
  youtube: 'https://www.youtube.com/@{h}',
};

/** A user name as people write it: an optional @, then letters, digits, dot, underscore, hyphen. */
const HANDLE = /^@?([A-Za-z0-9_][A-Za-z0-9._-]{0,99})$/;
/** Tumblr names become a host name: no dots or underscores there. */
const HOST_HANDLE = /^[A-Za-z0-9-]{1,63}$/;

/** Whether this link type takes a user name instead of a full address. */
export function takesHandle(type: LinkType): boolean {
  return PROFILE_URLS[type] !== undefined;
}

/**
 * The full address for what the owner typed: a user name or `@name` becomes the network's
 * profile address for a type that has one; anything else (an address, a type without user
 * names, a value that is no plain name such as `example.org/x`) is returned trimmed, as typed.
 * A name with a dot that looks like a domain (`ada.dev`) stays as typed: it is an address.
 */
export function linkFromHandle(type: LinkType, value: string): string {
  const typed = value.trim();
  const template = PROFILE_URLS[type];
  const match = HANDLE.exec(typed);
  if (!template || !match) return typed;
  const handle = match[1]!;
  const looksLikeDomain = !typed.startsWith('@') && /\.[A-Za-z]{2,}$/.test(handle);
  if (looksLikeDomain) return typed;
  if (type === 'tumblr' && !HOST_HANDLE.test(handle)) return typed;
  return template.replace('{h}', handle);
}
