import { useEffect, useRef, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiRequestError } from '../../lib/api-client.ts';
import { errorMessage } from '../../lib/error-text.ts';
import { Spinner } from '../../components/spinner.tsx';
import { toast } from '../../components/toast.ts';
import { useDocumentTitle } from '../../components/use-document-title.ts';
import { CardScanner } from '../cards/index.ts';
import { profilesApi } from '../profiles/index.ts';
import { useAuth } from '../auth/index.ts';
import { captureApi, captureKeys } from './capture.api.ts';
import { hasContact, newDraft, saveBody, type CaptureDraft } from './capture-form.ts';
import { CaptureReview } from './capture-review.tsx';
import { CaptureWaiting } from './capture-waiting.tsx';
import { useCaptureQueue } from './use-capture-queue.ts';
import './capture.css';

type Step =
  | { kind: 'choose' }
  | { kind: 'scan' }
  | { kind: 'reading' }
  /** `photo`: taken offline, read on the server once the capture is sent. */
  | { kind: 'review'; text?: string; confidence?: number; photo?: File };

/** No answer, or the server's trouble: the photo is kept and read later (a refusal of the photo itself is not). */
const isOffline = (error: unknown) => !(error instanceof ApiRequestError) || error.status === 0 || error.status >= 500;

/**
 * Issue 36's capture screen: photograph a paper card (read on this server), scan a QR or badge
 * code, or type a contact in; check and correct the fields, add a note, tags and the event, save.
 */
export default function CapturePage() {
  const { t } = useTranslation(['capture', 'register_card', 'leads']);
  const { t: tm } = useTranslation('molecules');
  const queryClient = useQueryClient();
  const { user } = useAuth();
  const queue = useCaptureQueue(user?.id);
  // Asked when the screen opens, while the network is there: offline at the booth, the review
  // still lists the profiles and events (the query library asks nothing while offline).
  // Offline they fail quietly: the screen works without them (no profile choice, no event list).
  // Its own key: a failure here must not become the contacts screen's error (which shows it).
  const profiles = useQuery({ queryKey: ['capture', 'profiles'], queryFn: profilesApi.list, throwOnError: false });
  useQuery({ queryKey: captureKeys.events, queryFn: captureApi.events, throwOnError: false });
  useDocumentTitle(t('title'));
  const [step, setStep] = useState<Step>({ kind: 'choose' });
  const [draft, setDraft] = useState<CaptureDraft | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<string, string>>>({});
  const photoInput = useRef<HTMLInputElement>(null);
  // The event stays chosen from one capture to the next (a fair is many captures).
  const lastEvent = useRef('');
  const lastProfile = useRef('');

  const begin = (next: CaptureDraft, review: Step) => {
    setDraft(next);
    setFieldErrors({});
    setProblem(null);
    setStep(review);
  };
  const onPhoto = async (file: File | undefined) => {
    if (!file) return;
    setStep({ kind: 'reading' });
    setProblem(null);
    try {
      const answer = await captureApi.read(file);
      begin(newDraft('paper', answer.fields, lastEvent.current, lastProfile.current), { kind: 'review', text: answer.text, confidence: answer.confidence });
    } catch (error) {
      // Offline at a fair: the photo waits with the capture and is read once it is sent.
      if (isOffline(error)) return begin(newDraft('paper', undefined, lastEvent.current, lastProfile.current), { kind: 'review', photo: file });
      setProblem(`${t('read_failed')} ${errorMessage(error, tm)}`);
      setStep({ kind: 'choose' });
    } finally {
      if (photoInput.current) photoInput.current.value = '';
    }
  };
  const onCode = async (text: string) => {
    setStep({ kind: 'reading' });
    try {
      const answer = await captureApi.parse(text);
      begin(newDraft(answer.format === 'product-link' || answer.format === 'vcard' ? 'qr' : 'badge', answer.fields, lastEvent.current, lastProfile.current), {
        kind: 'review',
      });
    } catch (error) {
      setProblem(`${t('code_failed')} ${errorMessage(error, tm)}`);
      setStep({ kind: 'scan' });
    }
  };

  const done = () => {
    lastEvent.current = draft?.eventId ?? '';
    lastProfile.current = draft?.profileId ?? '';
    setDraft(null);
    setStep({ kind: 'choose' });
  };
  const photo = step.kind === 'review' ? step.photo : undefined;
  /** Kept on the phone and sent in order: offline, with a photo still to read, or behind captures that wait. */
  const keep = async (d: CaptureDraft) => {
    await queue.queue({ clientId: d.clientId, body: saveBody(d), photo });
    toast.info(navigator.onLine ? t('queued_sending') : t('queued_offline'));
    done();
  };
  const save = useMutation({
    // Offline the capture is kept on the phone: the query library must not hold the save back.
    networkMode: 'always',
    mutationFn: async (d: CaptureDraft) => {
      if (!navigator.onLine || photo || queue.waiting > 0) return keep(d);
      try {
        await captureApi.save(saveBody(d));
      } catch (error) {
        if (isOffline(error)) return keep(d);
        throw error;
      }
      toast.success(t('saved'));
      done();
    },
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['leads'] });
      await queryClient.invalidateQueries({ queryKey: captureKeys.events });
    },
    onError: (error) => {
      if (error instanceof ApiRequestError && error.field) setFieldErrors({ [error.field]: error.message });
      toast.error(`${t('save_failed')} ${errorMessage(error, tm)}`);
    },
  });
  const submit = () => {
    if (!draft) return;
    // A photo still to be read may bring the name and e-mail itself.
    if (!photo && !hasContact(draft)) return setFieldErrors({ email: t('need_one') });
    save.mutate(draft);
  };

  return (
    <section className="section capture" aria-labelledby="capture-title">
      <div className="section-head">
        <h1 id="capture-title">{t('title')}</h1>
        <Link className="btn btn-ghost btn-small" to="/leads">
          {t('to_contacts')}
        </Link>
      </div>
      <CaptureWaiting queue={queue} />
      {problem && (
        <p className="alert alert-error" role="alert">
          {problem}
        </p>
      )}

      {step.kind === 'choose' && (
        <>
          <p className="muted">{t('intro')}</p>
          <div className="capture-choices">
            <label className="btn btn-primary capture-choice" htmlFor="capture-photo">
              {t('photo')}
            </label>
            <input
              ref={photoInput}
              id="capture-photo"
              className="visually-hidden"
              type="file"
              accept="image/jpeg,image/png,image/webp"
              capture="environment"
              onChange={(e) => void onPhoto(e.target.files?.[0])}
            />
            <button type="button" className="btn btn-secondary capture-choice" onClick={() => setStep({ kind: 'scan' })}>
              {t('scan')}
            </button>
            <button
              type="button"
              className="btn btn-secondary capture-choice"
              onClick={() => begin(newDraft('manual', undefined, lastEvent.current, lastProfile.current), { kind: 'review' })}
            >
              {t('manual')}
            </button>
          </div>
          <p className="muted capture-hint">{t('photo_hint')}</p>
          <p>
            <Link to="/capture/settings">{t('follow_up.link')}</Link>
          </p>
        </>
      )}

      {step.kind === 'scan' && (
        <>
          <CardScanner publicUrl={window.location.origin} onCode={(text) => void onCode(text)} instructions={t('scan_hint')} />
          <button type="button" className="btn btn-ghost" onClick={() => setStep({ kind: 'choose' })}>
            {t('cancel')}
          </button>
        </>
      )}

      {step.kind === 'reading' && <Spinner label={t('reading')} />}

      {step.kind === 'review' && draft && (
        <form
          className="capture-form"
          aria-label={t('review')}
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <h2>{t('review')}</h2>
          {step.confidence !== undefined && <p className="muted">{t('confidence', { percent: Math.round(step.confidence * 100) })}</p>}
          {step.photo && <PhotoLater photo={step.photo} />}
          <CaptureReview draft={draft} onChange={setDraft} fieldErrors={fieldErrors} profiles={profiles.data} />
          {step.text && (
            <details className="capture-text">
              <summary>{t('text_read')}</summary>
              <pre>{step.text}</pre>
            </details>
          )}
          <div className="form-actions">
            <button type="submit" className="btn btn-primary" disabled={save.isPending}>
              {save.isPending ? t('saving') : t('save')}
            </button>
            <button
              type="button"
              className="btn btn-ghost"
              onClick={() => {
                setDraft(null);
                setStep({ kind: 'choose' });
              }}
            >
              {t('cancel')}
            </button>
          </div>
        </form>
      )}
    </section>
  );
}

/** The card's photo taken offline, beside the form: the owner types what matters now, the rest is read later. */
function PhotoLater({ photo }: { photo: File }) {
  const { t } = useTranslation('capture');
  const [url] = useState(() => URL.createObjectURL(photo));
  useEffect(() => () => URL.revokeObjectURL(url), [url]);
  return (
    <div className="capture-photo-later">
      <img src={url} alt={t('photo_alt')} />
      <p className="alert alert-info">{t('photo_later')}</p>
    </div>
  );
}
