import { LEAD_MESSAGE_MAX } from '../schemas/lead.schema.ts';
import type { LinkType } from '../schemas/link.schema.ts';
import { REMIND_IN, VISITOR_EMAIL_PATTERN, type Language, type Profile } from '../schemas/profile.schema.ts';
import { Icon } from './icons.tsx';
import { EXTERNAL, CloseLink, Dialog } from './public-page.parts.tsx';
import { CALENDAR_ACTION, contactAction } from './profile-view.ts';
import type { ProfileKey, Translate } from './texts.ts';
import type { VisitSource } from '../schemas/visit-source.schema.ts';

/** The input's `pattern` is SPEC 5's rule itself; HTML anchors patterns, so the anchors go. */
const EMAIL_PATTERN_ATTRIBUTE = VISITOR_EMAIL_PATTERN.source.replace(/^\^|\$$/g, '');

/**
 * What the visitor typed into a contact form the server refused without JavaScript (issue 23):
 * the page comes back with the dialog open, the e-mail marked and every value still there.
 */
export type ContactRetry = Partial<Record<'senderEmail' | 'name' | 'phone' | 'company' | 'message', string>> & {
  /** The field the server refused; only a refused e-mail address turns its input red and shows email_error. */
  refused?: string;
};

/** Element ids the enhancement script (server/features/public-pages/profile.client.js) relies on. */
export const DIALOG_IDS = {
  reminder: 'remind',
  contact: 'contact',
  contactForm: 'contact-form',
  contactInvalid: 'contact-invalid',
  contactSent: 'contact-sent',
  contactFailed: 'contact-failed',
  contactLimited: 'contact-limited',
  notSaved: 'not-saved',
  openLink: 'open-link',
} as const;

/**
 * SPEC 2's modals: reminder, contact exchange (with its outcome messages) and the web-link
 * confirmation. Each is a plain form or link, so a visitor without JavaScript gets the same
 * actions: the reminder form GETs the .ics, the contact form POSTs and is redirected back to
 * `#contact-sent`, `#contact-failed`, `#contact-invalid` or `#contact-limited`.
 */
export function ProfileDialogs({
  profile,
  lng,
  t,
  name,
  hasWebLinks,
  firstWebType,
  canSave,
  source,
  retry,
}: {
  profile: Profile;
  lng: Language;
  t: Translate<ProfileKey>;
  /** The name the dialogs' sentences use. */
  name: string;
  hasWebLinks: boolean;
  firstWebType?: LinkType;
  canSave: boolean;
  /** The visit's source (issue 12), sent with the reminder and the contact exchange. */
  source?: VisitSource;
  /** A refused form's values: the contact dialog renders open with them (no JavaScript). */
  retry?: ContactRetry;
}) {
  return (
    <>
      <Dialog id={DIALOG_IDS.reminder} labelledBy="remind-h">
        <span className="p-ic">
          <Icon name="bell" />
        </span>
        <h2 id="remind-h">{t('reminder_heading')}</h2>
        <p>{t('reminder_text', { name })}</p>
        <form method="get" action={CALENDAR_ACTION}>
          <input type="hidden" name="profileId" defaultValue={profile.id} />
          {source && <input type="hidden" name="src" defaultValue={source} />}
          {/* The reminder in the page's language; the script fills in the visitor's time zone (issue 22, 23). */}
          <input type="hidden" name="lng" defaultValue={lng} />
          <input type="hidden" name="tz" defaultValue="" />
          <fieldset>
            <legend>{t('remind_in')}</legend>
            {REMIND_IN.map((v, i) => (
              <label key={v} className="p-opt">
                {/* SPEC 9: one day is the default. */}
                <input type="radio" name="remindIn" value={v} defaultChecked={i === 0} />
                {t(`remind_${v}`)}
              </label>
            ))}
          </fieldset>
          <div className="p-btns">
            <CloseLink>{t('cancel')}</CloseLink>
            <button className="p-btn p-pri" type="submit">
              {t('reminder_submit')}
            </button>
          </div>
        </form>
      </Dialog>

      <Dialog id={DIALOG_IDS.contact} labelledBy="contact-h" open={retry ? true : undefined}>
        <span className="p-ic">
          <Icon name="swap" />
        </span>
        <h2 id="contact-h">{t('contact_heading')}</h2>
        {/*
          noValidate: the server checks SPEC 5's pattern too and answers with email_error in this
          dialog (#contact-invalid), so even without JavaScript the error shows inline and in the
          page's language. Native validation would show a browser bubble instead.
        */}
        <form
          id={DIALOG_IDS.contactForm}
          className={retry?.refused === 'senderEmail' ? 'p-bad' : undefined}
          method="post"
          action={contactAction(profile.id)}
          noValidate
        >
          <input type="hidden" name="language" defaultValue={lng} />
          {source && <input type="hidden" name="source" defaultValue={source} />}
          <label className="p-fl" htmlFor="contact-email">
            {t('contact_email_label')}
          </label>
          {/* The redirect after a refused POST targets this marker; CSS then shows the error below. */}
          <i id={DIALOG_IDS.contactInvalid} />
          <input
            className="p-in"
            id="contact-email"
            name="senderEmail"
            type="text"
            inputMode="email"
            autoComplete="email"
            required
            maxLength={254}
            pattern={EMAIL_PATTERN_ATTRIBUTE}
            defaultValue={retry?.senderEmail}
            aria-invalid={retry?.refused === 'senderEmail' ? true : undefined}
            placeholder={t('contact_email_placeholder')}
            aria-describedby="contact-instr"
            aria-errormessage="contact-err"
          />
          <p className="p-err" id="contact-err" role="alert">
            {t('email_error')}
          </p>
          <p id="contact-instr">{t('contact_instruction', { name })}</p>
          {/* Issue 12: optional details; the server checks the same limits (shared/schemas/lead.schema.ts). */}
          <fieldset className="p-opt-f">
            <legend>{t('contact_details_optional')}</legend>
            <OptionalField id="contact-name" name="name" label={t('contact_name_label')} autoComplete="name" maxLength={100} value={retry?.name} />
            <OptionalField id="contact-phone" name="phone" label={t('contact_phone_label')} autoComplete="tel" maxLength={40} type="tel" value={retry?.phone} />
            <OptionalField
              id="contact-company"
              name="company"
              label={t('contact_company_label')}
              autoComplete="organization"
              maxLength={100}
              wide
              value={retry?.company}
            />
            <div className="p-wide-f">
              <label className="p-fl" htmlFor="contact-message">
                {t('contact_message_label')}
              </label>
              <textarea className="p-in" id="contact-message" name="message" rows={2} maxLength={LEAD_MESSAGE_MAX} defaultValue={retry?.message} />
            </div>
          </fieldset>
          {/* The server stores this very sentence (contact_consent) with the lead as its consent. */}
          <p className="p-fine">{t('contact_consent', { name })}</p>
          <div className="p-btns">
            <CloseLink>{t('cancel')}</CloseLink>
            <button className="p-btn p-pri" type="submit">
              {t('exchange')}
            </button>
          </div>
        </form>
      </Dialog>

      <Notice id={DIALOG_IDS.contactSent} icon="check" text={t('success_message')} close={t('close')} />
      <Notice id={DIALOG_IDS.contactFailed} icon="alert" text={t('error_message')} close={t('close')} />
      <Notice id={DIALOG_IDS.contactLimited} icon="alert" text={t('contact_limited')} close={t('close')} />
      {!canSave && <Notice id={DIALOG_IDS.notSaved} icon="alert" text={t('contact_not_saved')} close={t('close')} />}

      {hasWebLinks && (
        // Filled by the script from the clicked link; without JavaScript web links open directly.
        <Dialog id={DIALOG_IDS.openLink} labelledBy="open-link-h">
          <span className="p-ic">
            <Icon name={firstWebType ?? 'website'} />
          </span>
          <h2 id="open-link-h">{t('open')}</h2>
          {/* The destination's host, filled in with the name (issue 23): where the visitor goes, plainly. */}
          <p>
            {t('open_link_text')} <strong className="p-host" data-host="" />
          </p>
          <div className="p-btns">
            <CloseLink>{t('cancel')}</CloseLink>
            <a className="p-btn p-pri" href="#_" data-go="" {...EXTERNAL}>
              {t('open')}
            </a>
          </div>
        </Dialog>
      )}
    </>
  );
}

/** One optional one-line field of the contact form. */
function OptionalField({
  id,
  name,
  label,
  wide,
  ...input
}: {
  id: string;
  name: string;
  label: string;
  autoComplete: string;
  maxLength: number;
  type?: string;
  /** Across both columns. */
  wide?: boolean;
  /** What the visitor typed, when a refused form comes back. */
  value?: string;
}) {
  return (
    <div className={wide ? 'p-wide-f' : undefined}>
      <label className="p-fl" htmlFor={id}>
        {label}
      </label>
      <input
        className="p-in"
        id={id}
        name={name}
        type={input.type ?? 'text'}
        autoComplete={input.autoComplete}
        maxLength={input.maxLength}
        defaultValue={input.value}
      />
    </div>
  );
}

/** A dialog that only says how something went. */
function Notice({ id, icon, text, close }: { id: string; icon: 'check' | 'alert'; text: string; close: string }) {
  return (
    <Dialog id={id} labelledBy={`${id}-m`}>
      <span className="p-ic">
        <Icon name={icon} />
      </span>
      <p className="p-say" id={`${id}-m`}>
        {text}
      </p>
      <div className="p-btns">
        <CloseLink primary>{close}</CloseLink>
      </div>
    </Dialog>
  );
}
