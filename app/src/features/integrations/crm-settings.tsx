import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CRM_POLICY_FIELDS, type CrmConnection, type CrmFieldPolicy, type CrmPolicyField, type CrmSettings } from '../../../../shared/schemas/crm.schema.ts';
import { FormAlert, FormField } from '../../components/form-field.tsx';
import { toast } from '../../components/toast.ts';
import { errorMessage } from '../../lib/error-text.ts';
import { crmApi } from './crm.api.ts';

/**
 * Issue 37: a connection's field policy (per field: overwrite, fill only empty fields, or append
 * for the note), which leads go (form, captured), the lead status a new record gets, and what a
 * deleted lead does to its record (deleted or anonymised).
 */
export function CrmSettingsForm({ connection, organisationId, onSaved }: { connection: CrmConnection; organisationId?: string; onSaved: () => void }) {
  const { t } = useTranslation('integrations');
  const { t: tm } = useTranslation('molecules');
  const id = useId();
  const [settings, setSettings] = useState<CrmSettings>(connection.settings);
  const [error, setError] = useState<string | null>(null);
  const setField = (field: CrmPolicyField, rule: string) => setSettings((s) => ({ ...s, fields: { ...s.fields, [field]: rule } as CrmFieldPolicy }));

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    try {
      await crmApi.saveSettings({ provider: connection.provider, ...settings }, organisationId);
      toast.success(t('crm.saved'));
      onSaved();
    } catch (failure) {
      setError(errorMessage(failure, tm));
    }
  };

  return (
    <form className="security-form integration-form crm-settings" onSubmit={save}>
      <fieldset className="integration-choices">
        <legend>{t('crm.policy')}</legend>
        <p className="field-hint">{t('crm.policy_hint')}</p>
        <div className="crm-policy">
          {CRM_POLICY_FIELDS.map((field) => (
            <div key={field} className="field">
              <label htmlFor={`${id}-${field}`}>{t(`crm.fields.${field}`)}</label>
              <select id={`${id}-${field}`} value={settings.fields[field]} onChange={(e) => setField(field, e.target.value)}>
                <option value="overwrite">{t('crm.rules.overwrite')}</option>
                <option value="fill-empty">{t('crm.rules.fill-empty')}</option>
                {field === 'note' && <option value="append">{t('crm.rules.append')}</option>}
              </select>
            </div>
          ))}
        </div>
      </fieldset>
      <fieldset className="integration-choices">
        <legend>{t('crm.sources')}</legend>
        {(['form', 'captured'] as const).map((source) => (
          <label key={source} className="checkbox-row">
            <input
              type="checkbox"
              checked={settings.sources[source]}
              onChange={(e) => setSettings((s) => ({ ...s, sources: { ...s.sources, [source]: e.target.checked } }))}
            />
            <span>{t(`crm.source_${source}`)}</span>
          </label>
        ))}
      </fieldset>
      {connection.provider !== 'pipedrive' && (
        <FormField
          label={t('crm.lead_status')}
          hint={t(`crm.lead_status_hint_${connection.provider}`)}
          maxLength={80}
          value={settings.leadStatus}
          onChange={(e) => setSettings((s) => ({ ...s, leadStatus: e.target.value }))}
        />
      )}
      <div className="field">
        <label htmlFor={`${id}-delete`}>{t('crm.on_delete')}</label>
        <select
          id={`${id}-delete`}
          value={settings.onDelete}
          onChange={(e) => setSettings((s) => ({ ...s, onDelete: e.target.value as CrmSettings['onDelete'] }))}
        >
          <option value="delete">{t('crm.delete_record')}</option>
          <option value="anonymise">{t('crm.anonymise_record')}</option>
        </select>
      </div>
      <FormAlert>{error}</FormAlert>
      <button type="submit" className="btn btn-primary">
        {t('crm.save')}
      </button>
    </form>
  );
}
