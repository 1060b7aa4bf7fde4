import { useRef, useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { accentRoles, brandProblems, darkVariant, PALETTE } from '../../../../shared/page-theme.ts';
import type { Organisation } from '../../../../shared/schemas/organisation.schema.ts';
import { ColourField } from '../../components/colour-field.tsx';
import { toast } from '../../components/toast.ts';
import { errorMessage } from '../../lib/error-text.ts';
import { brandApi } from './brand.api.ts';
import { teamKeys } from './team.api.ts';
import { profileKeys } from '../profiles/index.ts';
import './brand.css';

const HEX = /^#[0-9a-fA-F]{6}$/;
const MAX_LOGO_BYTES = 5 * 1024 * 1024;

/**
 * Issue 24 with 26: the organisation's brand for admins: the logo and the brand colour (with
 * an optional dark variant) that every company profile's public page shows, over the member's
 * own logo and accent. Colours are checked live with the server's rules (WCAG AA).
 */
export function BrandSection({ organisation }: { organisation: Organisation }) {
  const { t } = useTranslation('team');
  const { t: tm } = useTranslation('molecules');
  const queryClient = useQueryClient();
  const [colour, setColour] = useState(organisation.brandColour);
  const [dark, setDark] = useState(organisation.brandColourDark);
  const file = useRef<HTMLInputElement>(null);
  // The company profiles' preview and editor show the brand too (profiles' useProfileBrand).
  const refresh = () => Promise.all([teamKeys.own(), profileKeys.brands()].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
  const fail = (error: unknown) => toast.error(errorMessage(error, tm));

  const problems = brandProblems({ brandColour: HEX.test(colour) ? colour : '', brandColourDark: HEX.test(dark) ? dark : '' });
  const problemOf = (field: 'brandColour' | 'brandColourDark') => problems.find((p) => p.field === field) ?? null;
  const lightAccent = HEX.test(colour) ? colour.toLowerCase() : PALETTE.light.accent;
  const darkAccent = HEX.test(dark) ? dark.toLowerCase() : HEX.test(colour) ? darkVariant(colour.toLowerCase()) : PALETTE.dark.accent;

  const save = useMutation({
    mutationFn: () => brandApi.saveColours(organisation.organisationId, colour, dark),
    onSuccess: () => {
      toast.success(t('brand_saved'));
      void refresh();
    },
    onError: fail,
  });
  const upload = useMutation({
    mutationFn: (chosen: File) => brandApi.uploadLogo(organisation.organisationId, chosen),
    onSuccess: () => {
      toast.success(t('brand_logo_saved'));
      void refresh();
    },
    onError: fail,
  });
  const remove = useMutation({
    mutationFn: () => brandApi.deleteLogo(organisation.organisationId),
    onSuccess: () => {
      toast.success(t('brand_logo_removed'));
      void refresh();
    },
    onError: fail,
  });

  const choose = (chosen: File | undefined) => {
    if (file.current) file.current.value = '';
    if (!chosen) return;
    if (chosen.size > MAX_LOGO_BYTES) toast.error(t('brand_logo_too_large'));
    else upload.mutate(chosen);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate();
  };
  const changed = colour !== organisation.brandColour || dark !== organisation.brandColourDark;

  return (
    <section className="content-card security-section" aria-labelledby="brand-title">
      <h2 id="brand-title" className="card-title">
        {t('brand_title')}
      </h2>
      <p className="muted">{t('brand_intro')}</p>
      <div className="brand-logo-row">
        <div className="brand-logo-tile">
          {organisation.logoPath ? <img src={organisation.logoPath} alt={t('brand_logo_alt')} /> : <span className="muted">{t('brand_logo_none')}</span>}
        </div>
        <div className="brand-logo-actions">
          <input
            ref={file}
            id="brand-logo-file"
            type="file"
            accept="image/jpeg,image/png,image/webp,image/avif"
            hidden
            onChange={(e) => choose(e.target.files?.[0])}
          />
          <button type="button" className="btn btn-secondary" onClick={() => file.current?.click()} disabled={upload.isPending}>
            {organisation.logoPath ? t('brand_logo_change') : t('brand_logo_upload')}
          </button>
          {organisation.logoPath && (
            <button type="button" className="btn btn-secondary" onClick={() => remove.mutate()} disabled={remove.isPending}>
              {t('brand_logo_remove')}
            </button>
          )}
          <p className="muted field-hint">{t('brand_logo_hint')}</p>
        </div>
      </div>
      <form className="stack" onSubmit={submit} noValidate>
        <ColourField
          label={t('brand_colour')}
          value={colour}
          fallback={PALETTE.light.accent}
          onChange={setColour}
          problem={problemOf('brandColour')}
          hint={t('brand_colour_hint')}
        />
        <ColourField
          label={t('brand_colour_dark')}
          value={dark}
          fallback={darkAccent}
          onChange={setDark}
          problem={problemOf('brandColourDark')}
          hint={t('brand_colour_dark_hint', { colour: darkAccent })}
        />
        <div className="brand-samples" aria-hidden="true">
          <span className="brand-sample brand-sample-light">
            <span style={{ background: lightAccent, color: accentRoles(lightAccent, 'light').onAccent }}>{t('brand_sample')}</span>
          </span>
          <span className="brand-sample brand-sample-dark">
            <span style={{ background: darkAccent, color: accentRoles(darkAccent, 'dark').onAccent }}>{t('brand_sample')}</span>
          </span>
        </div>
        <div>
          <button type="submit" className="btn btn-primary" disabled={!changed || problems.length > 0 || save.isPending}>
            {t('brand_save')}
          </button>
        </div>
      </form>
    </section>
  );
}
