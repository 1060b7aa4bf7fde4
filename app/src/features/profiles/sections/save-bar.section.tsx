import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Profile } from '../../../../../shared/schemas/profile.schema.ts';

/**
 * The editor's sticky bar: save and preview (SPEC 2). A failed save is said here, where the
 * owner presses Save again, and stays until the next try: nothing typed is lost meanwhile.
 * Issue 23: it says when something typed still waits for Save, and which parts need none.
 */
export function SaveBarSection({ profile, saving, error, dirty }: { profile: Profile | null; saving: boolean; error: string | null; dirty: boolean }) {
  const { t } = useTranslation('edit_profile');
  const { t: tm } = useTranslation('molecules');
  return (
    <div className="action-bar">
      <div className="action-bar-inner">
        {error && (
          <div className="alert alert-error save-error" role="alert">
            <p>{error}</p>
            <p>{t('save_failed_kept')}</p>
          </div>
        )}
        <p className="save-state" aria-live="polite">
          {dirty ? t('unsaved_changes') : ''}
        </p>
        <button type="submit" className="btn btn-primary" disabled={saving}>
          {saving ? t('saving') : tm('save')}
        </button>
        {profile && (
          <Link to={`/profile/${encodeURIComponent(profile.id)}/preview`} className="btn btn-secondary">
            {t('preview')}
          </Link>
        )}
      </div>
    </div>
  );
}
