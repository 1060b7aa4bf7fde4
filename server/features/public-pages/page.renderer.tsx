import { LANGUAGES, type Language, type Profile } from '../../../shared/schemas/profile.schema.ts';
import { CardBlockedPage, CardInvitePage, CardNotFoundPage, type CardIssuer } from '../../../shared/public-page/card-invite.page.tsx';
import { LinkTreePage } from '../../../shared/public-page/link-tree.page.tsx';
import { ProfileNotFoundPage } from '../../../shared/public-page/profile-not-found.page.tsx';
import { LeftCompanyPage } from '../../../shared/public-page/left-company.page.tsx';
import type { LeftCompany } from '../../../shared/schemas/organisation-card.schema.ts';
import { ProfilePage } from '../../../shared/public-page/profile.page.tsx';
import type { ContactRetry } from '../../../shared/public-page/profile.dialogs.tsx';
import { displayName } from '../../../shared/public-page/profile-view.ts';
import type { VisitSource } from '../../../shared/schemas/visit-source.schema.ts';
import { pageLook, themeCss, type PageBrand } from '../../../shared/public-page/theme.css.ts';
import { CLIENT_SCRIPTS } from './client-scripts.ts';
import { renderDocument, type DocumentHead, type RenderedPage } from './document.tsx';
import type { PageTexts } from './page-texts.ts';

/**
 * Turns a profile or a card state into a complete page in one language. Pure and
 * synchronous: the route plugin calls it once per change of a profile (render cache), and
 * the size check of the test suite calls it directly.
 */
export function createPageRenderer({ publicUrl, texts, issuer }: { publicUrl: string; texts: PageTexts; issuer: CardIssuer }) {
  const absolute = (path: string) => `${publicUrl}${path}`;
  const alternates = (path: string) => LANGUAGES.map((lng) => ({ lng, href: absolute(`${path}?lng=${lng}`) }));
  /** Issue 26 with 24: the profile as its page shows it (the brand's logo on a company profile) and the theme's CSS. */
  const themed = (profile: Profile, brand: PageBrand | null | undefined) => {
    const look = pageLook(profile, brand);
    return { shown: { ...profile, profileLogoPath: look.logoPath }, css: themeCss(look) };
  };
  /** The document head of a profile's page at `path`: its title and description, canonical, languages and the social card. */
  const profileHead = (
    profile: Profile,
    lng: Language,
    path: string,
    css: string,
    text: { name: string; title: string; description: string; summary?: string },
  ): DocumentHead => ({
    lng,
    title: text.title,
    description: text.description,
    canonical: absolute(path),
    alternates: alternates(path),
    social: {
      type: 'profile',
      title: text.name,
      description: text.summary || text.description,
      imageUrl: profile.profileImagePath ? absolute(profile.profileImagePath) : null,
    },
    themeCss: css,
  });

  return {
    /**
     * The public profile page of /p/{id} for visits from `source` (issue 12): its links, its
     * downloads and its contact form carry the source, so what a visitor does counts under it.
     */
    profile(profile: Profile, lng: Language, source: VisitSource = 'link', contactRetry?: ContactRetry, brand?: PageBrand | null): RenderedPage {
      const t = texts(lng, 'profile');
      const { shown, css } = themed(profile, brand);
      const name = displayName(profile, lng);
      const path = `/p/${encodeURIComponent(profile.id)}`;
      const summary = [profile.jobTitle, profile.companyName]
        .map((s) => s.trim())
        .filter(Boolean)
        .join(' · ');
      return renderDocument(
        profileHead(profile, lng, path, css, { name, title: t('document_title', { name }), description: t('meta_description', { name }), summary }),
        <ProfilePage
          profile={shown}
          lng={lng}
          t={t}
          source={source}
          contactRetry={contactRetry}
          // Relative to /p/{id}, or absolute for the refused form's answer at /p/{id}/contact.
          languageLinks={LANGUAGES.map((l) => ({ lng: l, href: `${contactRetry ? path : ''}?lng=${l}${source === 'link' ? '' : `&src=${source}`}` }))}
        />,
        CLIENT_SCRIPTS.profile,
      );
    },

    /** The link-in-bio page of /l/{id} and /linkinbio/{id}; canonical is SPEC 9's /linkinbio form. */
    linkTree(profile: Profile, lng: Language, brand?: PageBrand | null): RenderedPage {
      const t = texts(lng, 'link_tree');
      const { shown, css } = themed(profile, brand);
      const name = displayName(profile, lng);
      const path = `/linkinbio/${encodeURIComponent(profile.shortLinkId)}`;
      return renderDocument(
        profileHead(profile, lng, path, css, { name, title: t('document_title', { name }), description: t('meta_description', { name }) }),
        <LinkTreePage profile={shown} lng={lng} t={t} counted />,
        CLIENT_SCRIPTS.linkTree,
      );
    },

    /**
     * Issue 24: /p/{id} of someone who left the organisation whose template made the profile:
     * that they no longer work there, and the company's contact (200, never indexed). Issue 35:
     * in the organisation's brand, with the language switch and a "save company contact" button.
     */
    leftCompany(profile: Profile, company: LeftCompany, lng: Language, brand?: PageBrand | null): RenderedPage {
      const t = texts(lng, 'profile');
      const vars = { name: displayName(profile, lng), company: company.name };
      const path = `/p/${encodeURIComponent(profile.id)}`;
      // The company's look: the profile's theme with the brand's colour; only the brand's logo (the person's own is theirs).
      const css = themeCss(pageLook({ ...profile, profileLogoPath: null }, brand));
      return renderDocument(
        {
          lng,
          title: t('left_title', vars),
          description: t('left_text', vars),
          canonical: absolute(path),
          alternates: alternates(path),
          noindex: true,
          themeCss: css,
        },
        <LeftCompanyPage
          profileId={profile.id}
          name={vars.name}
          company={company}
          logoPath={brand?.logoPath ?? null}
          lng={lng}
          languageLinks={LANGUAGES.map((l) => ({ lng: l, href: `?lng=${l}` }))}
          t={t}
        />,
      );
    },

    /** SPEC 2's 'profile not found' (404) for /p/ and for link-in-bio pages. */
    profileNotFound(lng: Language, ns: 'profile' | 'link_tree'): RenderedPage {
      const t = texts(lng, ns);
      return renderDocument(
        { lng, title: t('profile_not_found'), description: t('profile_not_found_text'), noindex: true },
        <ProfileNotFoundPage heading={t('profile_not_found')} text={t('profile_not_found_text')} />,
      );
    },

    /** A minted card without owner invites registration; never indexed. */
    cardInvite(cardId: string, lng: Language): RenderedPage {
      const t = texts(lng, 'public_card_redirect');
      return renderDocument(
        { lng, title: t('document_title'), description: t('explanation'), noindex: true },
        <CardInvitePage cardId={cardId} t={t} />,
        CLIENT_SCRIPTS.cardInvite,
      );
    },

    /** An id that was never minted (404). */
    cardNotFound(lng: Language): RenderedPage {
      const t = texts(lng, 'public_card_redirect');
      return renderDocument({ lng, title: t('card_not_found'), description: t('card_not_found_text'), noindex: true }, <CardNotFoundPage t={t} />);
    },

    /** Issue 28: a card an operator blocked; no profile. Issue 35: who deactivated it and how to reach them. */
    cardBlocked(cardId: string, lng: Language): RenderedPage {
      const t = texts(lng, 'public_card_redirect');
      return renderDocument(
        { lng, title: t('card_blocked'), description: t('card_blocked_text', { issuer: issuer.name }), noindex: true },
        <CardBlockedPage cardId={cardId} issuer={issuer} t={t} />,
      );
    },
  };
}

/** The renderer made by `createPageRenderer`. */
export type PageRenderer = ReturnType<typeof createPageRenderer>;
