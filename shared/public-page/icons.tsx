import type { LinkType } from '../schemas/link.schema.ts';

/*
 * Line icons drawn for this project on a 24 px grid. They are stroked, not filled, so one
 * CSS rule (.p-i) colours and weights them all; brand marks are simplified to a shape a
 * visitor recognises at 20 px, the link's name is always the accessible label.
 */
const LINK_ICONS: Record<LinkType, string> = {
  website: '<circle cx="12" cy="12" r="9"/><path d="M3 12h18M12 3c2.4 2.6 3.6 5.6 3.6 9s-1.2 6.4-3.6 9c-2.4-2.6-3.6-5.6-3.6-9S9.6 5.6 12 3z"/>',
  hardLink: '<path d="M14 3H7a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V8zM14 3v5h5M9 13h6M9 17h6"/>',
  other: '<path d="M10 14a4 4 0 0 0 5.7 0l3-3A4 4 0 0 0 13 5.3l-1.5 1.5M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1.5-1.5"/>',
  instagram: '<rect x="3" y="3" width="18" height="18" rx="5"/><circle cx="12" cy="12" r="4"/><path d="M17.5 6.5h0"/>',
  facebook: '<path d="M15.5 3H13a4 4 0 0 0-4 4v14M6 10.5h8.5"/>',
  twitter: '<path d="M4 4h4.5L20 20h-4.5zM19.5 4L13 11.2M4.5 20l6.5-7.2"/>',
  linkedin: '<rect x="3" y="3" width="18" height="18" rx="3"/><path d="M8 10.5V17M8 7.2h0M12 17v-6.5M12 13.5a2.5 2.5 0 0 1 5 0V17"/>',
  xing: '<path d="M5.5 7.5L8 12l-2.5 4.5M17 3l-5.5 9.5L15 21"/>',
  youtube: '<rect x="2.5" y="5" width="19" height="14" rx="4"/><path d="M10 9l5 3-5 3z"/>',
  github: '<path d="M5 4.5l3 2.8a9.6 9.6 0 0 1 8 0l3-2.8V10c0 4.2-3 6.5-7 6.5S5 14.2 5 10zM9.5 16.2V21M14.5 16.2V21M9.5 19c-3 .5-4-1-5-2.5"/>',
  tiktok: '<path d="M14 3v11.5a3.5 3.5 0 1 1-3.5-3.5M14 3c.5 2.6 2.3 4.4 5 4.6"/>',
  spotify: '<circle cx="12" cy="12" r="9"/><path d="M7.5 9.4c3-.9 6.5-.7 9.5.9M8 12.7c2.5-.7 5-.5 7.3.8M8.5 15.8c2-.5 3.8-.3 5.5.6"/>',
  vimeo: '<path d="M3 8.6l1.3 1.1C6 8.4 7 8.8 7.5 10.6l1.6 6.2c.8 2.7 2.2 2.8 4.1.5 3.4-4.3 6.3-8.3 7.3-10.8.6-1.8-.3-3-2.2-2.9-1.6.1-3 1.3-3.8 3.7"/>',
  pinterest: '<circle cx="12" cy="12" r="9"/><path d="M10.6 20.5l1.9-8M9.6 13.6c-1.2-3 1-6 3.8-5.6 2.5.3 3.3 2.7 2.4 5-.6 1.6-2.2 2.5-3.4 1.8"/>',
  discord:
    '<path d="M8 6.3a15 15 0 0 1 8 0c1.8 2.7 2.8 6 2.5 10.2A11 11 0 0 1 15 18.5l-1-2.2M8 6.3C6.2 9 5.2 12.3 5.5 16.5A11 11 0 0 0 9 18.5l1-2.2M8.5 15.3a10 10 0 0 0 7 0M9.8 11.5h0M14.2 11.5h0"/>',
  reddit: '<ellipse cx="12" cy="14.5" rx="8" ry="5.5"/><path d="M12 9l1.5-5.2 4 1M9 17c2 1 4 1 6 0M9.3 13.5h0M14.7 13.5h0"/><circle cx="18.5" cy="5" r="1.2"/>',
  skype: '<circle cx="12" cy="12" r="9"/><path d="M15 9.5c-.5-1.3-1.7-2-3.2-2-1.8 0-3 1-3 2.3 0 3 6.4 1.8 6.4 4.6 0 1.4-1.3 2.3-3.2 2.3-1.6 0-2.8-.7-3.3-2"/>',
  twitch: '<path d="M4 3h16v11l-5 5h-4l-3 3v-3H4zM11 8v4M15 8v4"/>',
  soundcloud: '<path d="M10 17V9.6a5 5 0 0 1 9.5 2A3 3 0 0 1 19 17zM4 17v-4M7 17v-6"/>',
  codepen: '<path d="M12 3l9 6v6l-9 6-9-6V9zM12 3v6M12 15v6M3 9l9 6 9-6M3 15l9-6 9 6"/>',
  couchsurfing: '<path d="M4.5 10.5V8a2 2 0 0 1 2-2h11a2 2 0 0 1 2 2v2.5M3 12a1.5 1.5 0 0 1 3 0v2h12v-2a1.5 1.5 0 0 1 3 0v5H3zM5 17v2M19 17v2"/>',
  dribbble: '<circle cx="12" cy="12" r="9"/><path d="M8.5 3.7c3.5 4.3 5.8 9.8 7 16.5M3.1 10.3c5.5.6 10.6-.7 14.6-4.4M5 18c3.7-3.6 8.6-4.6 15.8-3"/>',
  flickr: '<circle cx="7" cy="12" r="3.5"/><circle cx="17" cy="12" r="3.5"/>',
  snapchat:
    '<path d="M12 3C9 3 7 5.2 7 8v2.5l-2 .5c.3 1.2 1.4 1.5 2 1.6-.6 1.9-2 3.3-4 3.9.3 1.1 1.7 1.2 2.8 1.4l.5 1.6c1.2-.1 2.3-.3 3.4.5a3.3 3.3 0 0 0 3.6 0c1.1-.8 2.2-.6 3.4-.5l.5-1.6c1.1-.2 2.5-.3 2.8-1.4-2-.6-3.4-2-4-3.9.6-.1 1.7-.4 2-1.6l-2-.5V8c0-2.8-2-5-5-5z"/>',
  squarespace: '<path d="M9.5 5.5l-5 5a2.1 2.1 0 0 0 3 3l6-6a2.1 2.1 0 0 1 3 3l-5 5M14.5 18.5l5-5a2.1 2.1 0 0 0-3-3l-6 6a2.1 2.1 0 0 1-3-3l5-5"/>',
  tumblr: '<path d="M10 3v13.5a3 3 0 0 0 3 3h3M7 9h9"/>',
};

/** Icons of the page itself: actions, the floating menu, the contact rows. */
const UI_ICONS = {
  bell: '<path d="M6 16v-5a6 6 0 0 1 12 0v5l2 2H4zM10 21h4"/>',
  swap: '<path d="M4 8h15l-4-4M20 16H5l4 4"/>',
  'user-plus': '<circle cx="9" cy="8" r="4"/><path d="M2.5 20a6.5 6.5 0 0 1 13 0M19 8v6M16 11h6"/>',
  plus: '<path d="M12 5v14M5 12h14"/>',
  chevron: '<path d="M9 6l6 6-6 6"/>',
  building: '<path d="M4 21V5a2 2 0 0 1 2-2h8a2 2 0 0 1 2 2v16M16 9h3a1 1 0 0 1 1 1v11M2 21h20M8 7h4M8 11h4M8 15h4"/>',
  pin: '<path d="M12 21s-7-6.2-7-11.5a7 7 0 0 1 14 0C19 14.8 12 21 12 21z"/><circle cx="12" cy="9.5" r="2.5"/>',
  briefcase: '<rect x="3" y="7" width="18" height="13" rx="2"/><path d="M9 7V5a1 1 0 0 1 1-1h4a1 1 0 0 1 1 1v2M3 13h18"/>',
  phone: '<path d="M5 3h3.5l1.5 5-2.5 1.5a11 11 0 0 0 5 5l1.5-2.5 5 1.5V19a2 2 0 0 1-2 2A16 16 0 0 1 3 5a2 2 0 0 1 2-2z"/>',
  mobile: '<rect x="6.5" y="2.5" width="11" height="19" rx="2.5"/><path d="M11 18h2"/>',
  fax: '<path d="M7 9V3h10v6M7 17H5a2 2 0 0 1-2-2v-4a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2v4a2 2 0 0 1-2 2h-2M7 14h10v7H7z"/>',
  check: '<path d="M5 12.5l4.5 4.5L19 7.5"/>',
  alert: '<circle cx="12" cy="12" r="9"/><path d="M12 7.5v5.5M12 16.5h0"/>',
  mail: '<rect x="3" y="5" width="18" height="14" rx="2"/><path d="M3.5 6.5L12 13l8.5-6.5"/>',
} as const;

/** Every icon the pages can show: one per link type, plus the page's own. */
export type IconName = LinkType | keyof typeof UI_ICONS;

const ICONS: Record<IconName, string> = { ...LINK_ICONS, ...UI_ICONS };

/** An icon's drawing (the inside of a 24 px `<svg>`): the e-mail signature renders link icons to PNG from it (issue 26). */
export const iconMarkup = (name: IconName): string => ICONS[name];

/** The element id of an icon's symbol; the web-link dialog copies it between `<use>` elements. */
export const iconId = (name: IconName): string => `i-${name}`;

/**
 * One hidden `<svg>` with a `<symbol>` per icon the page uses. Each icon is drawn once and
 * referenced by `<use>`, so a page with three phone rows carries the phone's path once; a
 * page never carries icons it does not show.
 */
export function IconSprite({ names }: { names: Iterable<IconName> }) {
  const unique = [...new Set(names)].sort();
  return (
    <svg className="p-sprite" aria-hidden="true" focusable="false">
      {unique.map((name) => (
        <symbol key={name} id={iconId(name)} viewBox="0 0 24 24" dangerouslySetInnerHTML={{ __html: ICONS[name] }} />
      ))}
    </svg>
  );
}

/** A decorative icon from the sprite; the text beside it (or the control's label) names it. */
export function Icon({ name }: { name: IconName }) {
  return (
    <svg className="p-i" aria-hidden="true" focusable="false">
      <use href={`#${iconId(name)}`} />
    </svg>
  );
}
