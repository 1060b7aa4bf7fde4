import type { ReactNode } from 'react';
import type { LinkType } from '../schemas/link.schema.ts';
import type { Language, Profile } from '../schemas/profile.schema.ts';
import { Icon } from './icons.tsx';
import { initials, type LinkView } from './profile-view.ts';

/** Brand names are not translated; the three generic types are (see `linkTypeLabel`). */
const BRAND_NAMES: Record<Exclude<LinkType, 'website' | 'hardLink' | 'other'>, string> = {
  instagram: 'Instagram',
  facebook: 'Facebook',
  twitter: 'X (Twitter)',
  linkedin: 'LinkedIn',
  codepen: 'CodePen',
  couchsurfing: 'Couchsurfing',
  discord: 'Discord',
  dribbble: 'Dribbble',
  flickr: 'Flickr',
  github: 'GitHub',
  pinterest: 'Pinterest',
  reddit: 'Reddit',
  skype: 'Skype',
  snapchat: 'Snapchat',
  soundcloud: 'SoundCloud',
  spotify: 'Spotify',
  squarespace: 'Squarespace',
  tiktok: 'TikTok',
  tumblr: 'Tumblr',
  twitch: 'Twitch',
  vimeo: 'Vimeo',
  xing: 'XING',
  youtube: 'YouTube',
};

/** The keys both link namespaces (`profile`, `link_tree`) have for the generic link types. */
export type LinkTypeKey = 'link_type_website' | 'link_type_hardLink' | 'link_type_other';

/** What a link type is called, for the accessible name of an icon whose link has no name. */
export function linkTypeLabel(type: LinkType, t: (key: LinkTypeKey) => string): string {
  return type === 'website' || type === 'hardLink' || type === 'other' ? t(`link_type_${type}`) : BRAND_NAMES[type];
}

/**
 * Attributes of a link that leaves the page: a new tab without a window handle for the other
 * site (issue 22: the referrer goes along, so the destination sees where the visit came from).
 */
export const EXTERNAL = { target: '_blank', rel: 'noopener' } as const;

/** The link-in-bio page's links are the owner's own profiles: `rel=me` lets Mastodon and others verify them. */
export const OWN_PROFILE = { target: '_blank', rel: 'me noopener' } as const;

/** How a page's links leave it: `EXTERNAL`, or `OWN_PROFILE` on the link-in-bio page. */
export type LeaveAttributes = typeof EXTERNAL | typeof OWN_PROFILE;

/** The round profile image, or the initials on a tinted circle when there is none. */
export function Avatar({ profile, alt }: { profile: Pick<Profile, 'profileImagePath' | 'firstName' | 'lastName'>; alt: string }) {
  if (profile.profileImagePath) {
    // Sized and high priority: it is the page's largest paint, and its box must not shift the layout.
    return <img className="p-av" src={profile.profileImagePath} alt={alt} width={120} height={120} fetchPriority="high" />;
  }
  const letters = initials(profile);
  return letters ? (
    <div className="p-av" aria-hidden="true">
      {letters}
    </div>
  ) : null;
}

/**
 * Social links as round icons (SPEC 2). A link D12 refuses stays visible as a plain circle,
 * so the owner notices it in the preview, but it is never a link.
 */
export function SocialLinks({ links, label, leave = EXTERNAL }: { links: LinkView[]; label: (link: LinkView) => string; leave?: LeaveAttributes }) {
  return (
    <ul className="p-soc">
      {links.map((link) => (
        <li key={link.id}>
          {link.href ? (
            <a href={link.href} ping={link.ping} {...leave} aria-label={label(link)} title={label(link)}>
              <Icon name={link.type} />
            </a>
          ) : (
            <span className="p-soc-off" role="img" aria-label={label(link)}>
              <Icon name={link.type} />
            </span>
          )}
        </li>
      ))}
    </ul>
  );
}

/** A list row with an icon tile; a link when it has an href, plain text otherwise. */
export function Row({
  href,
  icon,
  external,
  ping,
  children,
  attrs,
}: {
  href: string | null;
  icon: ReactNode;
  /** Leaves the page: `true` for EXTERNAL, or the attributes to use. */
  external?: boolean | LeaveAttributes;
  /** Where the click is counted (issue 22). */
  ping?: string;
  children: ReactNode;
  attrs?: Record<`data-${string}`, string>;
}) {
  const body = (
    <>
      <span className="p-ic">{icon}</span>
      {children}
    </>
  );
  return (
    <li>
      {href ? (
        <a className="p-row" href={href} ping={ping} {...(external === true ? EXTERNAL : external || {})} {...attrs}>
          {body}
        </a>
      ) : (
        <div className="p-row">{body}</div>
      )}
    </li>
  );
}

/**
 * A modal that works without JavaScript: a link to `#id` shows it through `:target`, and the
 * enhancement script opens the same element with `showModal()`. The scrim behind the box is
 * a link back to `#_`, so a click outside closes it in both cases.
 */
export function Dialog({ id, labelledBy, open, children }: { id: string; labelledBy: string; open?: boolean; children: ReactNode }) {
  return (
    <dialog id={id} aria-labelledby={labelledBy} open={open}>
      <a className="p-scrim" href="#_" tabIndex={-1} aria-hidden="true" />
      <div className="p-box">{children}</div>
    </dialog>
  );
}

/** The close link of a dialog; `#_` matches no element, so following it hides any `:target` dialog without scrolling. */
export function CloseLink({ children, primary }: { children: ReactNode; primary?: boolean }) {
  return (
    <a className={primary ? 'p-btn p-pri' : 'p-btn'} href="#_">
      {children}
    </a>
  );
}

/** A page that is one message: not found, or the invitation to register a card. */
export function MessagePage({ art, heading, text, children }: { art: ReactNode; heading: string; text: string; children?: ReactNode }) {
  return (
    <div className="pp p-solo">
      <main className="p-msg">
        {art}
        <h1>{heading}</h1>
        <p>{text}</p>
        {children}
      </main>
    </div>
  );
}

/** The picture of the not-found pages: a magnifier over an empty card. */
export function NotFoundArt() {
  return (
    <svg width="88" height="88" viewBox="0 0 88 88" aria-hidden="true" focusable="false">
      <circle cx="44" cy="44" r="44" fill="#e9effd" />
      <rect x="20" y="28" width="38" height="28" rx="5" fill="#fff" stroke="#1c4fd6" strokeWidth="3" />
      <circle cx="54" cy="52" r="11" fill="#fff" stroke="#1c4fd6" strokeWidth="3.5" />
      <path d="M62 60l8 8M27 37h16M27 45h10" stroke="#1c4fd6" strokeWidth="3.5" strokeLinecap="round" />
    </svg>
  );
}

/** A link of the language switch; the server builds them (`?lng=`), the owner app has its own switch. */
export interface LanguageLink {
  lng: Language;
  href: string;
}

/** The language switch in a page's header band: one link per language, the current one marked. */
export function LanguageNav({ links, lng, label }: { links: LanguageLink[]; lng: Language; label: string }) {
  return (
    <nav className="p-lng" aria-label={label}>
      {links.map((l) => (
        <a key={l.lng} href={l.href} hrefLang={l.lng} lang={l.lng} aria-current={l.lng === lng ? 'true' : undefined}>
          {l.lng.toUpperCase()}
        </a>
      ))}
    </nav>
  );
}
