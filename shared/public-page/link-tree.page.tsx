import { LINK_IN_BIO_WEB_TYPES } from '../schemas/link.schema.ts';
import type { Profile } from '../schemas/profile.schema.ts';
import { Icon, IconSprite } from './icons.tsx';
import { Avatar, linkTypeLabel, Row, SocialLinks } from './public-page.parts.tsx';
import { countedLinks, displayName, fullName, splitLinks } from './profile-view.ts';
import type { LinkTreeKey, Translate } from './texts.ts';

/**
 * The link-in-bio page of SPEC 2 (/l/{id}, /linkinbio/{id}): avatar, full name, social links
 * as round icons and web links (website and hardLink; `other` counts as social here) as
 * large buttons. No header, no actions, no script: it is a page of plain links. `counted`:
 * the served page, whose links go through /go as `linkinbio` clicks (issue 12).
 */
export function LinkTreePage({ profile, t, counted }: { profile: Profile; t: Translate<LinkTreeKey>; counted?: boolean }) {
  const name = fullName(profile);
  const split = splitLinks(profile.socialMediaLinks, LINK_IN_BIO_WEB_TYPES);
  const web = counted ? countedLinks(split.web, profile.id, 'linkinbio') : split.web;
  const social = counted ? countedLinks(split.social, profile.id, 'linkinbio') : split.social;
  return (
    <div className="pp p-lt">
      <IconSprite names={[...web, ...social].map((l) => l.type)} />
      <main>
        <Avatar profile={profile} alt={t('profile_image_alt', { name: displayName(profile) })} />
        <h1 className={name ? 'p-name' : 'p-sr'}>{name || displayName(profile)}</h1>
        {social.length > 0 && (
          <section aria-labelledby="h-social">
            <h2 className="p-sr" id="h-social">
              {t('social_heading')}
            </h2>
            <SocialLinks links={social} label={(l) => l.name || linkTypeLabel(l.type, (k) => t(k))} />
          </section>
        )}
        {web.length > 0 && (
          <section aria-labelledby="h-links">
            <h2 className="p-sr" id="h-links">
              {t('links_heading')}
            </h2>
            <ul className="p-list">
              {web.map((l) => (
                <Row key={l.id} href={l.href} external icon={<Icon name={l.type} />}>
                  <span className="p-tx">{l.label}</span>
                </Row>
              ))}
            </ul>
          </section>
        )}
      </main>
    </div>
  );
}
