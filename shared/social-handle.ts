import { toSafeHref } from './safe-url.ts';
import type { LinkType } from './schemas/link.schema.ts';

// Used by the server (the link schemas, the pages, the vCard, /go) and the owner app's editors alike: no Node imports.

/** Who a link belongs to: a person's profile, or a company (a template's company links, issue 24). */
export type LinkHolder = 'person' | 'company';

/**
 * A network that has user names: its host, the path of a person's (and, where the network has
 * separate company pages, a company's) page with `{h}` for the name, and the first path segments
 * with a dot that are paths on it, not domains (Facebook's `profile.php?id=…`).
 */
interface Network {
  host: string;
  person: string;
  company?: string;
  dotted?: readonly string[];
}

/**
 * Issue 23 with 35: the networks that have user names. Types without them (discord, skype,
 * spotify, squarespace, and the web link types) still need a full address.
 */
const NETWORKS: Partial<Record<LinkType, Network>> = {
  instagram: { host: 'www.instagram.com', person: '/{h}' },
  facebook: { host: 'www.facebook.com', person: '/{h}', dotted: ['profile.php'] },
  twitter: { host: 'x.com', person: '/{h}' },
  linkedin: { host: 'www.linkedin.com', person: '/in/{h}', company: '/company/{h}' },
  codepen: { host: 'codepen.io', person: '/{h}' },
  couchsurfing: { host: 'www.couchsurfing.com', person: '/people/{h}' },
  dribbble: { host: 'dribbble.com', person: '/{h}' },
  flickr: { host: 'www.flickr.com', person: '/people/{h}' },
  github: { host: 'github.com', person: '/{h}' },
  pinterest: { host: 'www.pinterest.com', person: '/{h}' },
  reddit: { host: 'www.reddit.com', person: '/user/{h}' },
  snapchat: { host: 'www.snapchat.com', person: '/add/{h}' },
  soundcloud: { host: 'soundcloud.com', person: '/{h}' },
  tiktok: { host: 'www.tiktok.com', person: '/@{h}' },
  // A name is a host of its own (ada.tumblr.com); a path (`ada/post/1`) is on www.tumblr.com.
  tumblr: { host: 'www.tumblr.com', person: '/{h}' },
  twitch: { host: 'www.twitch.tv', person: '/{h}' },
  vimeo: { host: 'vimeo.com', person: '/{h}' },
  xing: { host: 'www.xing.com', person: '/profile/{h}', company: '/pages/{h}' },
  youtube: { host: 'www.youtube.com', person: '/@{h}' },
};

/** A user name as people write it: an optional @, then letters, digits, dot, underscore, hyphen. */
const HANDLE = /^@?([A-Za-z0-9_][A-Za-z0-9._-]{0,99})$/;
/** Tumblr names become a host name: no dots or underscores there. */
const HOST_HANDLE = /^[A-Za-z0-9-]{1,63}$/;
/**
 * A path on the network as people copy it from the address bar without the host
 * (`company/acme`, `/in/ada`, `@ada/video/1`, `channel/UC…`, `profile.php?id=4`): a first
 * segment without `:` (no scheme, no host:port), then the rest of a path, query or fragment.
 */
const NETWORK_PATH = /^\/?([^\s/?#:]+)((?:\/[^\s?#]*)?(?:[?#]\S*)?)$/;

/** Whether this link type takes a user name instead of a full address. */
export function takesHandle(type: LinkType): boolean {
  return NETWORKS[type] !== undefined;
}

/**
 * The full address for what the owner typed: a user name or `@name` becomes the network's
 * page of a person (or, for a company's links, of a company where the network has company
 * pages: LinkedIn's `/company/`, Xing's `/pages/`); a path on the network without its host
 * (`company/acme`, `in/ada`) gets the host. Anything else (an address, a type without user
 * names, a value that is neither) is returned trimmed, as typed. A name or first segment with a
 * dot that looks like a domain (`ada.dev`, `linkedin.com/in/ada`) stays as typed: it is an address.
 */
export function linkFromHandle(type: LinkType, value: string, holder: LinkHolder = 'person'): string {
  const typed = value.trim();
  const network = NETWORKS[type];
  if (!network) return typed;
  const handle = HANDLE.exec(typed)?.[1];
  if (handle !== undefined) {
    const looksLikeDomain = !typed.startsWith('@') && /\.[A-Za-z]{2,}$/.test(handle);
    if (looksLikeDomain) return typed;
    if (type === 'tumblr') return HOST_HANDLE.test(handle) ? `https://${handle}.tumblr.com` : typed;
    const path = (holder === 'company' && network.company) || network.person;
    return `https://${network.host}${path.replace('{h}', handle)}`;
  }
  const path = NETWORK_PATH.exec(typed);
  if (!path) return typed;
  const first = path[1]!;
  if (first.includes('.') && !network.dotted?.includes(first)) return typed;
  return `https://${network.host}/${first}${path[2]}`;
}

/**
 * The href a page, the vCard and `/go` give a stored link (D12: null when none is safe). A
 * network's user name or path stored before it was turned into an address on input (a
 * template's `company/acme` was published as `https://company/acme`) gets its address here too.
 */
export function linkHref(type: LinkType, value: string): string | null {
  return toSafeHref(linkFromHandle(type, value));
}

/**
 * Why a link of a network with user names cannot be published, or null when it can: what it
 * becomes must be a web address with a real host name (`https://company/acme` has none). Other
 * types are stored as typed (D12) and rendered as text when no safe href can be made.
 */
export function handleLinkProblem(type: LinkType, value: string): string | null {
  if (!takesHandle(type)) return null;
  const href = linkHref(type, value);
  let host = '';
  try {
    if (href?.startsWith('https://') || href?.startsWith('http://')) host = new URL(href).hostname;
  } catch {
    host = '';
  }
  // A host name has a dot and a top-level part of letters (or is an IPv6 literal, which nobody types here).
  return /\.[a-z][a-z0-9-]*$/i.test(host) && !/\s/.test(value.trim()) ? null : 'must be a user name or a full address (https://…)';
}
