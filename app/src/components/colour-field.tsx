import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatRatio } from '../../../shared/colour-contrast.ts';
import type { ThemeProblem } from '../../../shared/page-theme.ts';

const HEX = /^#[0-9a-fA-F]{6}$/;

/** Props of {@link ColourField}. */
export interface ColourFieldProps {
  label: string;
  /** `#rrggbb`, or '' for the default. */
  value: string;
  /** The colour the page uses while `value` is ''; the picker starts there. */
  fallback: string;
  onChange: (value: string) => void;
  /** The live contrast check of the value (shared/page-theme.ts), the same the server makes on save. */
  problem: ThemeProblem | null;
  hint?: string;
  disabled?: boolean;
}

/**
 * Issue 26: a colour with a picker and a text field, its WCAG AA contrast checked while it
 * changes: too low shows the ratio and offers the nearest colour that passes, one click away.
 */
export function ColourField({ label, value, fallback, onChange, problem, hint, disabled }: ColourFieldProps) {
  const { t } = useTranslation('molecules');
  const id = useId();
  const valid = value === '' || HEX.test(value);
  const describedBy = `${id}-status`;
  return (
    <div className="field colour-field">
      <label htmlFor={id}>{label}</label>
      <div className="colour-row">
        <input
          type="color"
          className="colour-swatch"
          aria-label={t('colour_pick', { label })}
          value={valid && value ? value.toLowerCase() : fallback}
          onChange={(e) => onChange(e.target.value)}
          disabled={disabled}
        />
        <input
          id={id}
          className="colour-hex"
          value={value}
          placeholder={t('colour_default')}
          maxLength={7}
          spellCheck={false}
          autoCapitalize="off"
          aria-invalid={!valid || problem !== null}
          aria-describedby={describedBy}
          onChange={(e) => onChange(e.target.value.trim())}
          disabled={disabled}
        />
        {value && !disabled && (
          <button type="button" className="btn btn-secondary btn-small" onClick={() => onChange('')}>
            {t('colour_reset')}
          </button>
        )}
      </div>
      <div id={describedBy} className="colour-status" aria-live="polite">
        {!valid ? (
          <p className="field-error">{t('colour_invalid')}</p>
        ) : problem ? (
          <>
            <p className="field-error">{t('colour_contrast_low', { ratio: formatRatio(problem.ratio), needs: `${problem.needs}:1` })}</p>
            {problem.suggestion && (
              <button type="button" className="btn btn-secondary btn-small colour-suggest" onClick={() => onChange(problem.suggestion!)}>
                <span className="colour-dot" aria-hidden="true" style={{ background: problem.suggestion }} />
                {t('colour_use_suggestion', { colour: problem.suggestion })}
              </button>
            )}
          </>
        ) : value ? (
          <p className="field-ok">{t('colour_contrast_ok')}</p>
        ) : (
          hint && <p className="muted field-hint">{hint}</p>
        )}
      </div>
    </div>
  );
}
