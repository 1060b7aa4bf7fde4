import { Fragment, type MouseEventHandler } from 'react';
import { WEB_LINK_TYPES } from '../schemas/link.schema.ts';
import type { Language, Profile } from '../schemas/profile.schema.ts';
import type { VisitSource } from '../schemas/visit-source.schema.ts';
import { Icon, IconSprite, type IconName } from './icons.tsx';
import { ProfileDialogs, type ContactRetry } from './profile.dialogs.tsx';
import { Avatar, LanguageNav, linkTypeLabel, Row, SocialLinks, type LanguageLink } from './public-page.parts.tsx';
import { companyRows, countedLinks, displayName, fullName, privateRows, splitLinks, vcardHref, withSource, type ContactRow } from './profile-view.ts';
import type { ProfileKey, Translate } from './texts.ts';

export type { LanguageLink };

/** What the owner app's preview routes add: SPEC 2's back-to-overview button and a notice. */
export interface PreviewBar {
  notice: string;
  backLabel: string;
  backHref: string;
  onBack?: MouseEventHandler<HTMLAnchorElement>;
}

/** Props of the public profile page. */
export interface ProfilePageProps {
  profile: Profile;
  lng: Language;
  /** The `profile` namespace. */
  t: Translate<ProfileKey>;
  languageLinks?: LanguageLink[];
  preview?: PreviewBar;
  /**
   * The served page's visit source (issue 12): links then go through /go, downloads and the
   * contact form carry it. The owner app's previews leave it out (nothing is counted there).
   */
  source?: VisitSource;
  /** A contact form the server refused without JavaScript, with what the visitor typed (issue 23). */
  contactRetry?: ContactRetry;
}

/** Rows whose href leaves the site; tel: and mailto: stay in the tab (the phone opens its own app). */
const isExternal = (href: string | null) => href !== null && href.startsWith('http');

/**
 * The public profile page of SPEC 2, in its order: logo and image, name, job title, action
 * bar, web links, business note, social links, company block, private block, and the
 * floating menu. Rendered to static HTML on the server (/p/{id}) and as live React in the
 * owner app's preview routes; everything works without JavaScript (links, `:target`
 * dialogs, `<details>` menu, plain forms). It renders its own `<header>` and `<main>`.
 */
export function ProfilePage({ profile, lng, t, languageLinks, preview, source, contactRetry }: ProfilePageProps) {
  const name = fullName(profile);
  const shownName = displayName(profile, lng);
  const split = splitLinks(profile.socialMediaLinks, WEB_LINK_TYPES);
  const web = source ? countedLinks(split.web, profile.id, source) : split.web;
  const social = source ? countedLinks(split.social, profile.id, source) : split.social;
  const company = companyRows(profile);
  const personal = privateRows(profile);
  const saveHref = vcardHref(profile);
  const vcf = saveHref && withSource(saveHref, source);
  const note = profile.businessNote.trim();
  const jobTitle = profile.jobTitle.trim();
  const companyName = profile.companyName.trim();
  const typeLabel = (key: 'link_type_website' | 'link_type_hardLink' | 'link_type_other') => t(key);

  const icons: IconName[] = ['bell', 'swap', 'user-plus', 'plus', 'check', 'alert', ...web.map((l) => l.type), ...social.map((l) => l.type)];
  if (web.length) icons.push('chevron');
  for (const r of [...company, ...personal]) icons.push(r.icon);

  const actions = [
    { href: '#remind', icon: 'bell', label: t('set_reminder') },
    { href: '#contact', icon: 'swap', label: t('leave_details') },
    // Without a saved profile there is nothing to download: SPEC 7's contact_not_saved instead.
    { href: vcf ?? '#not-saved', icon: 'user-plus', label: t('save_contact'), primary: true },
  ] as const;

  const contactRows = (rows: ContactRow[]) =>
    rows.map((r) => (
      <Row key={r.label} href={r.href} external={isExternal(r.href)} icon={<Icon name={r.icon} />}>
        <span className="p-tx">
          <span className="p-lb">{t(r.label)}</span>
          <span className="p-v">{r.icon === 'mail' ? <BreakableEmail value={r.value} /> : r.value}</span>
        </span>
      </Row>
    ));

  return (
    <div className="pp">
      <IconSprite names={icons} />
      {preview && (
        <div className="p-pv">
          <p>{preview.notice}</p>
          <a className="p-btn" href={preview.backHref} onClick={preview.onBack}>
            {preview.backLabel}
          </a>
        </div>
      )}
      <header className="p-top">
        {profile.profileLogoPath && <img className="p-logo" src={profile.profileLogoPath} alt={t('logo_alt')} width={132} height={48} />}
        {languageLinks && <LanguageNav links={languageLinks} lng={lng} label={t('language_label')} />}
      </header>
      <main>
        <Avatar profile={profile} alt={t('profile_image_alt', { name: shownName })} />
        {/* SPEC 2 shows the name only when first or last name is set; the page still needs a heading. */}
        <h1 className={name ? 'p-name' : 'p-sr'}>{name || shownName}</h1>
        {jobTitle && <p className="p-job">{jobTitle}</p>}
        {/* Issue 23: the company under the name, as on a paper card; the company block keeps its row. */}
        {companyName && <p className="p-job p-co">{companyName}</p>}

        <nav className="p-acts" aria-label={t('actions_label')}>
          {actions.map((a) => (
            <a key={a.icon} className={'primary' in a ? 'p-act p-pri' : 'p-act'} href={a.href}>
              <Icon name={a.icon} />
              {a.label}
            </a>
          ))}
        </nav>

        {web.length > 0 && (
          <section aria-labelledby="h-links">
            <h2 className="p-h" id="h-links">
              {t('links_heading')}
            </h2>
            <ul className="p-list p-card">
              {web.map((l) => (
                // data-confirm: the enhancement script asks before leaving (SPEC 2's web-link dialog).
                <Row
                  key={l.id}
                  href={l.href}
                  ping={l.ping}
                  external
                  icon={<Icon name={l.type} />}
                  attrs={l.href ? { 'data-confirm': l.name || l.label } : undefined}
                >
                  <span className="p-tx">{l.label}</span>
                  {l.href && (
                    <span className="p-chev">
                      <Icon name="chevron" />
                    </span>
                  )}
                </Row>
              ))}
            </ul>
          </section>
        )}

        {note && (
          <section aria-labelledby="h-note">
            <h2 className="p-h" id="h-note">
              {t('note_heading')}
            </h2>
            <p className="p-card p-note">{note}</p>
          </section>
        )}

        {social.length > 0 && (
          <section aria-labelledby="h-social">
            <h2 className="p-h" id="h-social">
              {t('social_heading')}
            </h2>
            <SocialLinks links={social} label={(l) => l.name || linkTypeLabel(l.type, typeLabel)} />
          </section>
        )}

        {company.length > 0 && (
          <section aria-labelledby="h-company">
            <h2 className="p-h" id="h-company">
              {t('company_heading')}
            </h2>
            <ul className="p-list p-card">{contactRows(company)}</ul>
          </section>
        )}

        {personal.length > 0 && (
          <section aria-labelledby="h-private">
            <h2 className="p-h" id="h-private">
              {t('private_heading')}
            </h2>
            <ul className="p-list p-card">{contactRows(personal)}</ul>
          </section>
        )}

        {/* The floating menu of SPEC 2: <details> opens and closes without JavaScript; the script adds the 100 ms closing state. */}
        <details className="p-fab">
          <summary aria-label={t('more_actions')}>
            <Icon name="plus" />
          </summary>
          <ul>
            {actions.map((a) => (
              <li key={a.icon}>
                <a href={a.href}>
                  <Icon name={a.icon} />
                  {a.label}
                </a>
              </li>
            ))}
          </ul>
        </details>

        <ProfileDialogs
          profile={profile}
          lng={lng}
          t={t}
          name={shownName}
          hasWebLinks={web.some((l) => l.href)}
          firstWebType={web[0]?.type}
          canSave={vcf !== null}
          source={source}
          retry={contactRetry}
        />
      </main>
    </div>
  );
}

/** Longer parts of an address may still wrap anywhere, so they never run past a 360 px screen. */
const UNBROKEN_PART = 24;

/**
 * An e-mail address that wraps only before `@` and `.` (issue 23): at 360 px a long address
 * otherwise broke mid-word (the page lets long values wrap anywhere) or after a hyphen, which
 * reads as hyphenation. Each part up to UNBROKEN_PART characters is kept on one line.
 */
function BreakableEmail({ value }: { value: string }) {
  const parts = value.split(/(?=[@.])/);
  return (
    <>
      {parts.map((part, i) => (
        <Fragment key={i}>
          {i > 0 && <wbr />}
          {part.length <= UNBROKEN_PART ? <span className="p-nw">{part}</span> : part}
        </Fragment>
      ))}
    </>
  );
}
