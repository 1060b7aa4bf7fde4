import { LINK_IN_BIO_WEB_TYPES } from '../schemas/link.schema.ts';
import type { Language, Profile } from '../schemas/profile.schema.ts';
import { Icon, IconSprite, type IconName } from './icons.tsx';
import { Avatar, linkTypeLabel, OWN_PROFILE, Row, SocialLinks } from './public-page.parts.tsx';
import { countedLinks, displayName, fullName, splitLinks, vcardHref, withSource } from './profile-view.ts';
import type { LinkTreeKey, Translate } from './texts.ts';

/**
 * The link-in-bio page of SPEC 2 (/l/{id}, /linkinbio/{id}): avatar, full name, job title and
 * short bio (the business note), social links as round icons, web links (website, hardLink and
 * other) as large labelled buttons, and save contact (issue 23). No header. Every link is the
 * owner's own, so it carries `rel="me"` (issue 22). `counted`: the served page, whose links ping
 * /go as `linkinbio` clicks and whose vCard download counts as a `linkinbio` save.
 */
export function LinkTreePage({ profile, lng = 'en', t, counted }: { profile: Profile; lng?: Language; t: Translate<LinkTreeKey>; counted?: boolean }) {
  const name = fullName(profile);
  const shownName = displayName(profile, lng);
  const split = splitLinks(profile.socialMediaLinks, LINK_IN_BIO_WEB_TYPES);
  const web = counted ? countedLinks(split.web, profile.id, 'linkinbio') : split.web;
  const social = counted ? countedLinks(split.social, profile.id, 'linkinbio') : split.social;
  const jobTitle = profile.jobTitle.trim();
  const bio = profile.businessNote.trim();
  const save = vcardHref(profile);
  const saveHref = save && (counted ? withSource(save, 'linkinbio') : save);
  return (
    <div className="pp p-lt">
      <IconSprite names={[...[...web, ...social].map((l): IconName => l.type), ...(saveHref ? (['user-plus'] as const) : [])]} />
      {/* Issue 26: the background image is a band at the top, as on the profile page (theme.css.ts). */}
      {profile.backgroundImagePath && <div className="p-top" />}
      <main>
        <Avatar profile={profile} alt={t('profile_image_alt', { name: shownName })} />
        <h1 className={name ? 'p-name' : 'p-sr'}>{name || shownName}</h1>
        {jobTitle && <p className="p-job">{jobTitle}</p>}
        {bio && <p className="p-bio">{bio}</p>}
        {social.length > 0 && (
          <section aria-labelledby="h-social">
            <h2 className="p-sr" id="h-social">
              {t('social_heading')}
            </h2>
            <SocialLinks links={social} label={(l) => l.name || linkTypeLabel(l.type, (k) => t(k))} leave={OWN_PROFILE} />
          </section>
        )}
        {web.length > 0 && (
          <section aria-labelledby="h-links">
            <h2 className="p-sr" id="h-links">
              {t('links_heading')}
            </h2>
            <ul className="p-list">
              {web.map((l) => (
                <Row key={l.id} href={l.href} ping={l.ping} external={OWN_PROFILE} icon={<Icon name={l.type} />}>
                  <span className="p-tx">{l.label}</span>
                </Row>
              ))}
            </ul>
          </section>
        )}
        {saveHref && (
          <a className="p-btn p-pri p-save" href={saveHref}>
            <Icon name="user-plus" />
            {t('save_contact')}
          </a>
        )}
      </main>
    </div>
  );
}
