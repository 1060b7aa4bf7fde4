import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import QRCode from 'qrcode';
import { ApiRequestError } from '../../lib/api-client.ts';
import { authClient, type TwoFactorSetup, useAuth } from '../auth/index.ts';
import { FormAlert, FormField } from '../../components/form-field.tsx';
import { toast } from '../../components/toast.ts';
import { saveBlob } from '../../lib/save-blob.ts';
import { securityErrorText } from './security-errors.ts';

type Step =
  { name: 'idle' } | { name: 'password'; turningOn: boolean } | { name: 'scan'; setup: TwoFactorSetup; qr: string } | { name: 'codes'; codes: string[] };

/** The key of an otpauth:// URI in groups of four, for typing it into an app by hand. */
function secretOf(uri: string): string {
  const secret = new URL(uri).searchParams.get('secret') ?? '';
  return secret.replace(/(.{4})/g, '$1 ').trim();
}

/**
 * Issue 13.4: two-factor sign-in with an authenticator app (better-auth's twoFactor plugin).
 * On: password, then a QR code and a first code to confirm, then the ten backup codes, shown
 * once and downloadable. Off: the password.
 */
export function TwoFactorSection() {
  const { t } = useTranslation('security');
  const { t: tm } = useTranslation('molecules');
  const { user, refresh } = useAuth();
  const enabled = Boolean(user?.twoFactorEnabled);
  const [step, setStep] = useState<Step>({ name: 'idle' });
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState<{ text: string; field?: string } | null>(null);
  const [busy, setBusy] = useState(false);

  const fail = (err: unknown) => setError({ text: securityErrorText(err, t, tm), field: err instanceof ApiRequestError ? err.field : undefined });
  const reset = () => {
    setStep({ name: 'idle' });
    setPassword('');
    setCode('');
    setError(null);
  };
  const run = async (work: () => Promise<void>) => {
    setError(null);
    setBusy(true);
    try {
      await work();
    } catch (err) {
      fail(err);
    } finally {
      setBusy(false);
    }
  };

  const submitPassword = (event: FormEvent, turningOn: boolean) => {
    event.preventDefault();
    if (!password) {
      setError({ text: t('errors.password_required'), field: 'password' });
      return;
    }
    void run(async () => {
      if (turningOn) {
        const setup = await authClient.enableTwoFactor(password);
        const qr = await QRCode.toDataURL(setup.totpURI, { margin: 1, width: 220 });
        setPassword('');
        setStep({ name: 'scan', setup, qr });
      } else {
        await authClient.disableTwoFactor(password);
        await refresh();
        toast.success(t('two_factor.turned_off'));
        reset();
      }
    });
  };

  const submitCode = (event: FormEvent, setup: TwoFactorSetup) => {
    event.preventDefault();
    void run(async () => {
      await authClient.confirmTwoFactor(code.trim());
      await refresh();
      toast.success(t('two_factor.turned_on'));
      setCode('');
      setStep({ name: 'codes', codes: setup.backupCodes });
    });
  };

  const downloadCodes = (codes: string[]) => {
    const text = `${t('two_factor.backup_file')}\n${user?.email ?? ''}\n\n${codes.join('\n')}\n`;
    saveBlob(new Blob([text], { type: 'text/plain;charset=utf-8' }), 'contact-cards-backup-codes.txt');
  };

  const passwordForm = (turningOn: boolean) => (
    <form className="security-form" onSubmit={(e) => submitPassword(e, turningOn)} noValidate>
      {!turningOn && <p>{t('two_factor.off_intro')}</p>}
      <FormField
        label={t('two_factor.password')}
        type="password"
        autoComplete="current-password"
        required
        autoFocus
        value={password}
        error={error?.field === 'password' ? error.text : null}
        onChange={(e) => setPassword(e.target.value)}
      />
      <FormAlert>{error && error.field !== 'password' ? error.text : null}</FormAlert>
      <div className="button-row">
        <button type="button" className="btn btn-secondary" onClick={reset}>
          {t('two_factor.cancel')}
        </button>
        <button type="submit" className={turningOn ? 'btn btn-primary' : 'btn btn-danger'} disabled={busy}>
          {turningOn ? t('two_factor.continue') : t('two_factor.turn_off')}
        </button>
      </div>
    </form>
  );

  return (
    <section className="content-card security-section" aria-labelledby="two-factor-title">
      <div className="section-head">
        <h2 id="two-factor-title" className="card-title">
          {t('two_factor.title')}
        </h2>
        <span className={enabled ? 'badge badge-success' : 'badge badge-neutral'}>{enabled ? t('two_factor.status_on') : t('two_factor.status_off')}</span>
      </div>
      <p className="lead">{t('two_factor.intro')}</p>

      {step.name === 'idle' && (
        <div>
          <button
            type="button"
            className={enabled ? 'btn btn-secondary' : 'btn btn-primary'}
            onClick={() => setStep({ name: 'password', turningOn: !enabled })}
          >
            {enabled ? t('two_factor.turn_off') : t('two_factor.turn_on')}
          </button>
        </div>
      )}

      {step.name === 'password' && passwordForm(step.turningOn)}

      {step.name === 'scan' && (
        <form className="security-form" onSubmit={(e) => submitCode(e, step.setup)} noValidate>
          <p>{t('two_factor.scan')}</p>
          <img className="two-factor-qr" src={step.qr} alt={t('two_factor.qr_alt')} width={220} height={220} />
          {/* Issue 23: on the phone itself there is nothing to scan: the otpauth:// link opens the app. */}
          <a className="btn btn-secondary" href={step.setup.totpURI}>
            {t('two_factor.open_in_app')}
          </a>
          <p className="muted">
            {t('two_factor.manual')} <code className="two-factor-secret">{secretOf(step.setup.totpURI)}</code>
          </p>
          <FormField
            label={t('two_factor.code')}
            autoComplete="one-time-code"
            inputMode="numeric"
            pattern="[0-9]*"
            maxLength={6}
            required
            value={code}
            error={error?.field === 'code' ? error.text : null}
            onChange={(e) => setCode(e.target.value)}
          />
          <FormAlert>{error && error.field !== 'code' ? error.text : null}</FormAlert>
          <div className="button-row">
            <button type="button" className="btn btn-secondary" onClick={reset}>
              {t('two_factor.cancel')}
            </button>
            <button type="submit" className="btn btn-primary" disabled={busy || code.trim().length !== 6}>
              {t('two_factor.confirm')}
            </button>
          </div>
        </form>
      )}

      {step.name === 'codes' && (
        <div className="security-form" role="region" aria-labelledby="backup-codes-title">
          <h3 id="backup-codes-title">{t('two_factor.backup_title')}</h3>
          <p>{t('two_factor.backup_intro')}</p>
          <ul className="backup-codes" data-testid="backup-codes">
            {step.codes.map((c) => (
              <li key={c}>
                <code>{c}</code>
              </li>
            ))}
          </ul>
          <div className="button-row">
            <button type="button" className="btn btn-secondary" onClick={() => downloadCodes(step.codes)}>
              {t('two_factor.backup_download')}
            </button>
            <button type="button" className="btn btn-primary" onClick={reset}>
              {t('two_factor.backup_done')}
            </button>
          </div>
        </div>
      )}
    </section>
  );
}
