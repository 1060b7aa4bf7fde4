import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { accentRoles, BUTTON_SHAPES, PALETTE, THEMES, themeProblems, type Theme } from '../../../../../shared/page-theme.ts';
import type { Profile } from '../../../../../shared/schemas/profile.schema.ts';
import { ColourField } from '../../../components/colour-field.tsx';
import { toast } from '../../../components/toast.ts';
import { useConfirm } from '../../../components/use-confirm.tsx';
import { settled, useEditorMutation } from '../editor-mutation.ts';
import { ImagePicker } from '../image-picker.tsx';
import { profilesApi } from '../profiles.api.ts';
import { useProfileBrand } from '../profile-brand.query.ts';
import type { ProfileDraft } from '../use-profile-draft.ts';
import { SectionGroup } from './section-group.tsx';

const HEX = /^#[0-9a-fA-F]{6}$/;

/**
 * Issue 26: the look of the public page and the link-in-bio page: theme, accent colour, button
 * shape, background colour and image. Colours are checked live with the server's own rules
 * (shared/page-theme.ts); they are saved with the profile, the image at once when chosen.
 */
export function AppearanceSection({ profile, draft }: { profile: Profile | null; draft: ProfileDraft }) {
  const { t } = useTranslation('edit_profile');
  const [confirmDialog, confirm] = useConfirm();
  const [imagePath, setImagePath] = useState(profile?.backgroundImagePath ?? null);
  const { look, setLook } = draft;
  // Issue 24 with 26: on a company profile's pages the organisation's colour and logo win (shared/public-page/theme.css.ts).
  const brand = useProfileBrand(profile?.id ?? null).data;
  const overridden = brand?.colour && brand.logoPath ? 'both' : brand?.colour ? 'colour' : brand?.logoPath ? 'logo' : null;
  const checkable = {
    ...look,
    accentColour: HEX.test(look.accentColour) ? look.accentColour : '',
    backgroundColour: HEX.test(look.backgroundColour) ? look.backgroundColour : '',
  };
  const problems = themeProblems(checkable);
  const problemOf = (field: 'accentColour' | 'backgroundColour') => problems.find((p) => p.field === field) ?? null;
  const mode = look.theme === 'dark' ? 'dark' : 'light';
  const accent = checkable.accentColour || PALETTE[mode].accent;
  const onAccent = accentRoles(accent, mode).onAccent;

  const upload = useEditorMutation({
    mutationFn: (file: File) => profilesApi.uploadBackground(profile!.id, file),
    success: t('background_uploaded'),
    onSuccess: (answer) => setImagePath(answer.backgroundImagePath),
  });
  const remove = useEditorMutation({
    mutationFn: () => profilesApi.deleteBackground(profile!.id),
    success: t('background_deleted'),
    onSuccess: () => setImagePath(null),
  });
  const removeImage = async () => {
    if (await confirm({ title: t('background_delete_title'), message: t('background_delete_confirm') })) remove.mutate();
  };

  return (
    <SectionGroup title={t('groups.appearance')}>
      <p className="muted">{t('appearance_intro')}</p>
      {overridden && <p className="alert alert-info">{t(`brand_overrides.${overridden}`)}</p>}
      <fieldset className="choice-list look-choices">
        <legend>{t('theme')}</legend>
        {THEMES.map((theme) => (
          <label key={theme} className="choice">
            <input type="radio" name="theme" value={theme} checked={look.theme === theme} onChange={() => setLook({ theme: theme as Theme })} />
            <span className={`look-sample look-${theme}`} aria-hidden="true" />
            {t(`themes.${theme}`)}
          </label>
        ))}
      </fieldset>
      <ColourField
        label={look.theme === 'dark' ? t('accent_dark') : t('accent')}
        value={look.accentColour}
        fallback={PALETTE[mode].accent}
        onChange={(accentColour) => setLook({ accentColour })}
        problem={problemOf('accentColour')}
        hint={look.theme === 'system' ? t('accent_system_hint') : t('accent_hint')}
      />
      <fieldset className="choice-list look-choices">
        <legend>{t('button_shape')}</legend>
        {BUTTON_SHAPES.map((shape) => (
          <label key={shape} className="choice">
            <input type="radio" name="buttonShape" value={shape} checked={look.buttonShape === shape} onChange={() => setLook({ buttonShape: shape })} />
            <span className={`shape-sample shape-${shape}`} aria-hidden="true" style={{ background: accent, color: onAccent }}>
              Aa
            </span>
            {t(`shapes.${shape}`)}
          </label>
        ))}
      </fieldset>
      <ColourField
        label={t('background_colour')}
        value={look.backgroundColour}
        fallback={PALETTE[mode].bg}
        onChange={(backgroundColour) => setLook({ backgroundColour })}
        problem={problemOf('backgroundColour')}
        hint={look.theme === 'system' ? t('background_system_hint') : undefined}
      />
      <div className="image-row">
        <ImagePicker
          kind="logo"
          label={t('background_image')}
          src={imagePath}
          disabledReason={profile ? undefined : t('save_first_for_images')}
          onUpload={(file) => settled(upload.mutateAsync(file))}
          onTooLarge={() => toast.error(t('image_too_large'))}
          onRemove={imagePath ? () => void removeImage() : undefined}
        />
      </div>
      <p className="muted field-hint">{t('background_image_hint')}</p>
      {confirmDialog}
    </SectionGroup>
  );
}
