import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { SIGNATURE_LAYOUTS, type SignatureLayout } from '../../../../shared/schemas/signature.schema.ts';
import { profileKeys, profileLabel, profilesApi } from '../profiles/index.ts';
import { errorMessage } from '../../lib/error-text.ts';
import { LoadingBlock } from '../../components/spinner.tsx';
import { toast } from '../../components/toast.ts';
import { useDocumentTitle } from '../../components/use-document-title.ts';
import { copySignature, signatureApi, signatureKeys } from './signature.api.ts';
import './signature.css';

/** The mail clients the instructions cover, in the order most owners use them. */
const CLIENTS = ['gmail', 'outlook_web', 'outlook_desktop', 'apple_mail'] as const;

/**
 * Issue 26: the profile's e-mail signature in a few layouts, shown exactly as it will be pasted
 * (the server's HTML in a sandboxed frame, untouched by the app's styles), copied to the
 * clipboard as rich HTML, with the steps for Gmail, Outlook and Apple Mail.
 */
export default function SignaturePage() {
  const { id = '' } = useParams();
  const { t } = useTranslation('my_profile');
  const { t: tm } = useTranslation('molecules');
  const [layout, setLayout] = useState<SignatureLayout>('classic');
  const [saveLink, setSaveLink] = useState(true);
  const profile = useQuery({ queryKey: profileKeys.detail(id), queryFn: () => profilesApi.byId(id) });
  const signature = useQuery({
    queryKey: signatureKeys.of(id, layout, saveLink),
    queryFn: () => signatureApi.get(id, layout, saveLink),
    placeholderData: (previous) => previous,
  });
  const name = profile.data ? profileLabel(profile.data) : '';
  useDocumentTitle(name ? t('signature.title_named', { name }) : t('signature.title'));

  const copy = async (asCode: boolean) => {
    if (!signature.data) return;
    const done = asCode
      ? await navigator.clipboard.writeText(signature.data.html).then(
          () => true,
          () => false,
        )
      : await copySignature(signature.data);
    if (done) toast.success(asCode ? t('signature.code_copied') : t('signature.copied'));
    else toast.error(t('signature.not_copied'));
  };

  const back = (
    <Link to={`/profile/${encodeURIComponent(id)}`} className="back-link">
      ← {t('signature.back')}
    </Link>
  );
  if (signature.isPending) return <LoadingBlock />;
  if (signature.isError) {
    return (
      <div className="content-card stack">
        <p className="alert alert-error" role="alert">
          {errorMessage(signature.error, tm)}
        </p>
        {back}
      </div>
    );
  }

  return (
    <div className="signature-page stack-lg">
      <div className="page-head">
        {back}
        <h1>{name ? t('signature.title_named', { name }) : t('signature.title')}</h1>
        <p className="muted">{t('signature.intro')}</p>
      </div>
      <section className="content-card stack" aria-labelledby="signature-look">
        <h2 id="signature-look">{t('signature.look')}</h2>
        <fieldset className="choice-list signature-layouts">
          <legend>{t('signature.layout')}</legend>
          {SIGNATURE_LAYOUTS.map((value) => (
            <label key={value} className="choice">
              <input type="radio" name="signature-layout" value={value} checked={layout === value} onChange={() => setLayout(value)} />
              {t(`signature.layouts.${value}`)}
            </label>
          ))}
        </fieldset>
        <label className="checkbox-row">
          <input type="checkbox" checked={saveLink} onChange={(e) => setSaveLink(e.target.checked)} />
          {t('signature.save_link')}
        </label>
        <SignaturePreview html={signature.data.html} title={t('signature.preview')} />
        <div className="button-row">
          <button type="button" className="btn btn-primary" onClick={() => void copy(false)}>
            {t('signature.copy')}
          </button>
          <button type="button" className="btn btn-secondary" onClick={() => void copy(true)}>
            {t('signature.copy_code')}
          </button>
        </div>
      </section>
      <section className="content-card stack" aria-labelledby="signature-howto">
        <h2 id="signature-howto">{t('signature.howto')}</h2>
        {CLIENTS.map((client) => (
          <details key={client} className="signature-client">
            <summary>{t(`signature.clients.${client}.name`)}</summary>
            <ol>
              {(t(`signature.clients.${client}.steps`, { returnObjects: true }) as string[]).map((step) => (
                <li key={step}>{step}</li>
              ))}
            </ol>
          </details>
        ))}
      </section>
    </div>
  );
}

/**
 * The signature as a mail client shows it: its own document in a frame without scripts, so
 * neither the app's styles nor its scripts touch it. Same-origin (no scripts run in it) only so
 * the frame can take the height of what it shows.
 */
function SignaturePreview({ html, title }: { html: string; title: string }) {
  const [height, setHeight] = useState(160);
  return (
    <iframe
      className="signature-preview"
      title={title}
      sandbox="allow-same-origin"
      srcDoc={`<!doctype html><html><body style="margin:16px;background:#fff">${html}</body></html>`}
      style={{ height }}
      onLoad={(event) => {
        const body = event.currentTarget.contentDocument?.body;
        if (body) setHeight(body.scrollHeight + 32);
      }}
    />
  );
}
