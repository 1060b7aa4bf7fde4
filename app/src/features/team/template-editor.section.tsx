import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { LINK_TYPES, type LinkType } from '../../../../shared/schemas/link.schema.ts';
import { handleLinkProblem, linkFromHandle, takesHandle } from '../../../../shared/social-handle.ts';
import {
  TEMPLATE_FIELDS,
  TEMPLATE_MAX_LINKS,
  type Template,
  type TemplateField,
  type TemplateLock,
} from '../../../../shared/schemas/organisation-template.schema.ts';
import { FormField } from '../../components/form-field.tsx';
import { TrashIcon } from '../../components/icons.tsx';
import { toast } from '../../components/toast.ts';
import { ApiRequestError } from '../../lib/api-client.ts';
import { errorMessage } from '../../lib/error-text.ts';
import { teamApi } from './team.api.ts';

interface LinkDraft {
  key: number;
  type: LinkType;
  link: string;
  name: string;
  /** Issue 35: the value cannot become an address (checked when the field is left). */
  invalid?: boolean;
}
let nextKey = 0;

/**
 * Issue 24: an admin makes or changes a template — its name, the company values, its company
 * links and which of them members cannot change (the lock beside each). Saved through
 * `POST /organisation/template/save`; a change reaches every member's profile at once.
 */
export function TemplateEditor({ organisationId, template, onDone }: { organisationId: string; template?: Template; onDone: (saved: boolean) => void }) {
  const { t } = useTranslation('team');
  const { t: tp } = useTranslation('edit_profile');
  const { t: tm } = useTranslation('molecules');
  const id = useId();
  const [name, setName] = useState(template?.name ?? '');
  const [values, setValues] = useState<Partial<Record<TemplateField, string>>>(template?.values ?? {});
  const [locked, setLocked] = useState<Set<TemplateLock>>(new Set((template?.locked ?? []) as TemplateLock[]));
  const [links, setLinks] = useState<LinkDraft[]>((template?.links ?? []).map((l) => ({ ...l, key: nextKey++ })));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ field?: string; message: string } | null>(null);

  const toggle = (lock: TemplateLock, on: boolean) =>
    setLocked((prev) => {
      const next = new Set(prev);
      if (on) next.add(lock);
      else next.delete(lock);
      return next;
    });
  const setLink = (key: number, patch: Partial<LinkDraft>) => setLinks((prev) => prev.map((l) => (l.key === key ? { ...l, ...patch } : l)));
  const errorOf = (field: string) => (error?.field === field ? error.message : null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await teamApi.saveTemplate({
        organisationId,
        templateId: template?.templateId,
        name: name.trim(),
        values: Object.fromEntries(TEMPLATE_FIELDS.map((f) => [f, (values[f] ?? '').trim()])),
        links: links.map(({ type, link, name: label }) => ({ type, link: link.trim(), name: label.trim() })),
        // In the order of the form, so the answer and the audit read the same way every time.
        locked: [...TEMPLATE_FIELDS, 'links' as const].filter((f) => locked.has(f)),
      });
      toast.success(t('template_saved'));
      onDone(true);
    } catch (err) {
      setError({ field: err instanceof ApiRequestError ? err.field : undefined, message: errorMessage(err, tm) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="security-form team-template-editor" onSubmit={submit} aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="team-subtitle">
        {template ? t('template_edit_title', { name: template.name }) : t('template_new_title')}
      </h3>
      <FormField label={t('template_name')} value={name} required maxLength={120} onChange={(e) => setName(e.target.value)} error={errorOf('name')} />
      <p className="field-hint">{t('template_lock_hint')}</p>
      <div className="team-template-fields">
        {TEMPLATE_FIELDS.map((f) => (
          <div key={f} className="team-template-field">
            <FormField
              label={t(`field.${f}`)}
              value={values[f] ?? ''}
              maxLength={f === 'businessNote' ? 2000 : f === 'companyWebsiteUrl' ? 2048 : 200}
              onChange={(e) => setValues((prev) => ({ ...prev, [f]: e.target.value }))}
              error={errorOf(`values.${f}`)}
            />
            <label className="checkbox-row team-lock">
              <input type="checkbox" checked={locked.has(f)} onChange={(e) => toggle(f, e.target.checked)} />
              <span>{t('template_lock_field', { field: t(`field.${f}`) })}</span>
            </label>
          </div>
        ))}
      </div>
      <fieldset className="team-template-links">
        <legend className="team-subtitle">{t('template_links')}</legend>
        <p className="field-hint">{t('template_links_hint')}</p>
        {links.map((l, index) => (
          <fieldset key={l.key} className="team-template-link">
            <legend>{t('template_link_n', { n: index + 1 })}</legend>
            <div className="field team-link-type">
              <label htmlFor={`${id}-type-${l.key}`}>{t('template_link_type')}</label>
              <select id={`${id}-type-${l.key}`} value={l.type} onChange={(e) => setLink(l.key, { type: e.target.value as LinkType, invalid: false })}>
                {LINK_TYPES.map((type) => (
                  <option key={type} value={type}>
                    {tp(`link_types.${type}`)}
                  </option>
                ))}
              </select>
            </div>
            <FormField
              label={t('template_link_url')}
              value={l.link}
              required
              maxLength={2048}
              hint={takesHandle(l.type) ? t('template_link_handle_hint') : undefined}
              onChange={(e) => setLink(l.key, { link: e.target.value, invalid: false })}
              // Issue 35: a name becomes the company's page where the network has one (LinkedIn, Xing), as the API stores it.
              onBlur={(e) => {
                if (!e.target.value.trim()) return;
                const full = linkFromHandle(l.type, e.target.value, 'company');
                setLink(l.key, { link: full, invalid: handleLinkProblem(l.type, full) !== null });
              }}
              error={l.invalid ? tp('links.handle_invalid') : errorOf(`links.${index}.link`)}
            />
            <FormField label={t('template_link_name')} value={l.name} maxLength={200} onChange={(e) => setLink(l.key, { name: e.target.value })} />
            <button
              type="button"
              className="btn btn-secondary btn-small team-link-remove"
              aria-label={t('template_link_remove', { n: index + 1 })}
              title={t('template_link_remove', { n: index + 1 })}
              onClick={() => setLinks((prev) => prev.filter((x) => x.key !== l.key))}
            >
              <TrashIcon />
            </button>
          </fieldset>
        ))}
        <div className="team-actions">
          <button
            type="button"
            className="btn btn-secondary btn-small"
            disabled={links.length >= TEMPLATE_MAX_LINKS}
            onClick={() => setLinks((prev) => [...prev, { key: nextKey++, type: 'website', link: '', name: '' }])}
          >
            {t('template_link_add')}
          </button>
        </div>
        <label className="checkbox-row team-lock">
          <input type="checkbox" checked={locked.has('links')} onChange={(e) => toggle('links', e.target.checked)} />
          <span>{t('template_lock_links')}</span>
        </label>
      </fieldset>
      {error && !/^(name|values\.\w+|links\.\d+\.link)$/.test(error.field ?? '') && (
        <p className="alert alert-error" role="alert">
          {error.message}
        </p>
      )}
      <div className="team-actions">
        <button type="submit" className="btn btn-primary" disabled={busy || !name.trim()}>
          {t('template_save')}
        </button>
        <button type="button" className="btn btn-secondary" onClick={() => onDone(false)}>
          {t('template_cancel')}
        </button>
      </div>
    </form>
  );
}
