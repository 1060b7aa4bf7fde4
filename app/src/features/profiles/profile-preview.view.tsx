import type { MouseEvent } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ProfileNotFoundPage, ProfilePage, PUBLIC_PAGE_CSS, type ProfileKey, type Translate } from '../../../../shared/public-page/index.ts';
import type { Profile } from '../../../../shared/schemas/profile.schema.ts';
import { pageLook, themeCss, type PageBrand } from '../../../../shared/public-page/theme.css.ts';
import { PageSpinner } from '../../components/spinner.tsx';
import { useDocumentTitle } from '../../components/use-document-title.ts';
import { toAppLanguage } from '../../i18n/namespaces.ts';

/** Props of {@link ProfilePreviewView}. */
export interface ProfilePreviewViewProps {
  /** The profile to show; null when there is none (deleted, or a card without profile). */
  profile: Profile | null;
  /** Issue 24 with 26: the organisation's brand that the profile's public page shows (its colour and logo win), or null. */
  brand: PageBrand | null;
  loading: boolean;
}

/**
 * SPEC 2's preview routes: the very components of the server-rendered public page, fed with
 * the owner's profile, under the app's back-to-overview bar. The back button goes one route up,
 * which for these flat routes is the overview (React Router's `..`).
 */
export function ProfilePreviewView({ profile, brand, loading }: ProfilePreviewViewProps) {
  const { t, i18n } = useTranslation('profile');
  const { t: tp } = useTranslation('preview_profile');
  const navigate = useNavigate();
  useDocumentTitle(tp('preview_notice'));
  // The page's texts are typed per namespace in shared/; i18next's `t` of that namespace fits them.
  const translate = t as unknown as Translate<ProfileKey>;

  if (loading) return <PageSpinner />;
  // As the server's page (page.renderer.tsx): the brand's colour over the profile's accent, its logo over the profile's;
  // the look's background and text colour on the frame behind the page, as the server's page has them on its body.
  const look = profile ? pageLook(profile, brand) : null;
  const back = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    navigate('..');
  };
  return (
    <div className="preview-shell">
      <style>{PUBLIC_PAGE_CSS + (look ? themeCss(look, '.preview-shell') : '')}</style>
      {/* The bar is the app's own landmark: the page component's notice would sit outside every landmark. */}
      <aside className="preview-bar" aria-label={tp('preview_notice')}>
        <p>{tp('preview_notice')}</p>
        <a className="btn btn-secondary btn-small" href="/" onClick={back}>
          {tp('back_to_overview')}
        </a>
      </aside>
      {profile && look ? (
        <ProfilePage profile={{ ...profile, profileLogoPath: look.logoPath }} lng={toAppLanguage(i18n.resolvedLanguage ?? i18n.language)} t={translate} />
      ) : (
        <div className="pp">
          <ProfileNotFoundPage heading={translate('profile_not_found')} text={translate('profile_not_found_text')} />
        </div>
      )}
    </div>
  );
}
