import type { LeftCompany } from '../schemas/organisation-card.schema.ts';
import { MessagePage, NotFoundArt } from './public-page.parts.tsx';
import type { Translate } from './texts.ts';

/** A link's address as people read it: no scheme, no trailing slash. */
const readable = (url: string) => url.replace(/^https?:\/\//, '').replace(/\/$/, '');
const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;

/**
 * Issue 24's offboarding: the company profile of someone who left the organisation says so, with
 * the company's contact instead of the person's, so a printed card never ends on a 404.
 */
export function LeftCompanyPage({
  name,
  company,
  t,
}: {
  name: string;
  company: LeftCompany;
  t: Translate<'left_heading' | 'left_text' | 'left_contact_heading'>;
}) {
  const vars = { name, company: company.name };
  const website = /^https?:\/\//.test(company.websiteUrl) ? company.websiteUrl : '';
  return (
    <MessagePage art={<NotFoundArt />} heading={t('left_heading', vars)} text={t('left_text', vars)}>
      {(website || company.phone) && (
        <section className="p-left" aria-label={t('left_contact_heading')}>
          <p>
            <strong>{company.name}</strong>
          </p>
          {website && (
            <p>
              <a href={website} rel="noopener">
                {readable(website)}
              </a>
            </p>
          )}
          {company.phone && (
            <p>
              <a href={telHref(company.phone)}>{company.phone}</a>
            </p>
          )}
        </section>
      )}
    </MessagePage>
  );
}
