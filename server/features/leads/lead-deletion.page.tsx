import { MessagePage, NotFoundArt } from '../../../shared/public-page/public-page.parts.tsx';
import type { Translate } from '../../../shared/public-page/texts.ts';

/** What the visitor's deletion link found (issue 12). */
export type LeadDeletionState = 'confirm' | 'done' | 'gone' | 'invalid';

/**
 * The page behind the deletion link in the visitor's mail. Opening the link only asks: mail
 * clients and link scanners open links, so the lead is deleted by the form's POST alone.
 */
export function LeadDeletionPage({
  state,
  token,
  lng,
  t,
}: {
  state: LeadDeletionState;
  token: string;
  lng: string;
  t: Translate<'lead_deletion_title' | 'lead_deletion_text' | 'lead_deletion_confirm' | 'lead_deletion_done' | 'lead_deletion_gone' | 'lead_deletion_invalid'>;
}) {
  const text = { confirm: t('lead_deletion_text'), done: t('lead_deletion_done'), gone: t('lead_deletion_gone'), invalid: t('lead_deletion_invalid') }[state];
  return (
    <MessagePage art={<NotFoundArt />} heading={t('lead_deletion_title')} text={text}>
      {state === 'confirm' && (
        <form method="post" action="/delete/lead">
          <input type="hidden" name="token" defaultValue={token} />
          <input type="hidden" name="lng" defaultValue={lng} />
          <button className="p-btn p-pri p-wide" type="submit">
            {t('lead_deletion_confirm')}
          </button>
        </form>
      )}
    </MessagePage>
  );
}
