import type { Language } from '../schemas/profile.schema.ts';
import type { LeftCompany } from '../schemas/organisation-card.schema.ts';
import { telHref, toSafeHref } from '../safe-url.ts';
import { vcardDownloadPath } from '../vcard-download.ts';
import { Icon, IconSprite, type IconName } from './icons.tsx';
import { LanguageNav, NotFoundArt, Row, type LanguageLink } from './public-page.parts.tsx';
import type { Translate } from './texts.ts';

/** A link's address as people read it: no scheme, no trailing slash. */
const readable = (url: string) => url.replace(/^https?:\/\//, '').replace(/\/$/, '');

/** Props of {@link LeftCompanyPage}. */
export interface LeftCompanyPageProps {
  /** The profile whose owner left: its vCard is the company's contact (download.service.ts). */
  profileId: string;
  name: string;
  company: LeftCompany;
  /** Issue 35: the organisation's logo (its brand), or null. */
  logoPath: string | null;
  lng: Language;
  languageLinks: LanguageLink[];
  t: Translate<
    'left_heading' | 'left_text' | 'left_contact_heading' | 'left_save_company' | 'language_label' | 'logo_alt' | 'company_website' | 'business_phone'
  >;
}

/**
 * Issue 24's offboarding: the company profile of someone who left the organisation says so, with
 * the company's contact instead of the person's, so a printed card never ends on a 404. Issue 35:
 * in the company's brand (its logo in the header band, its colour through the page's theme CSS),
 * with the language switch, the company's website whatever way it was typed, and a button that
 * saves the company's contact (the vCard of a former member's profile is the company's).
 */
export function LeftCompanyPage({ profileId, name, company, logoPath, lng, languageLinks, t }: LeftCompanyPageProps) {
  const vars = { name, company: company.name };
  const website = toSafeHref(company.websiteUrl);
  const web = website?.startsWith('http') ? website : null;
  const phone = telHref(company.phone);
  const icons: IconName[] = ['user-plus', ...(web ? (['website'] as const) : []), ...(phone ? (['phone'] as const) : [])];
  return (
    <div className="pp">
      <IconSprite names={icons} />
      <header className="p-top">
        {logoPath && <img className="p-logo" src={logoPath} alt={t('logo_alt')} width={132} height={48} />}
        <LanguageNav links={languageLinks} lng={lng} label={t('language_label')} />
      </header>
      <main className="p-msg">
        <NotFoundArt />
        <h1>{t('left_heading', vars)}</h1>
        <p>{t('left_text', vars)}</p>
        {(web || phone) && (
          <section className="p-left" aria-labelledby="h-left">
            <h2 className="p-h" id="h-left">
              {t('left_contact_heading')}
            </h2>
            <ul className="p-list p-card">
              {web && (
                <Row href={web} external icon={<Icon name="website" />}>
                  <span className="p-tx">
                    <span className="p-lb">{t('company_website')}</span>
                    <span className="p-v">{readable(web)}</span>
                  </span>
                </Row>
              )}
              {phone && (
                <Row href={phone} icon={<Icon name="phone" />}>
                  <span className="p-tx">
                    <span className="p-lb">{t('business_phone')}</span>
                    <span className="p-v">{company.phone}</span>
                  </span>
                </Row>
              )}
            </ul>
          </section>
        )}
        <a className="p-btn p-pri p-wide" href={vcardDownloadPath(profileId)}>
          <Icon name="user-plus" />
          {t('left_save_company', vars)}
        </a>
      </main>
    </div>
  );
}
