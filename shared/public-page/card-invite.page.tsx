import { MessagePage, NotFoundArt } from './public-page.parts.tsx';
import type { PublicCardRedirectKey, Translate } from './texts.ts';

/** The path a visitor goes to without JavaScript, and when nobody is signed in (SPEC 2). */
export const REGISTER_PATH = '/register';

/**
 * The page of a minted card without owner (SPEC 2, card redirect page): illustration,
 * heading, explanation and the register button. The button is a link to /register; the
 * enhancement script (server/features/public-pages/card-invite.client.js) first stores `registerCard` and
 * picks /register-card when an owner is signed in.
 */
export function CardInvitePage({ cardId, t }: { cardId: string; t: Translate<PublicCardRedirectKey> }) {
  return (
    <MessagePage art={<CardArt />} heading={t('heading')} text={t('explanation')}>
      <a className="p-btn p-pri p-wide" href={REGISTER_PATH} data-card={cardId}>
        {t('register_card')}
      </a>
    </MessagePage>
  );
}

/** An id that was never minted: the card does not exist (404). */
export function CardNotFoundPage({ t }: { t: Translate<PublicCardRedirectKey> }) {
  return <MessagePage art={<NotFoundArt />} heading={t('card_not_found')} text={t('card_not_found_text')} />;
}

/** Who issues the cards and where to write to them (ISSUER_NAME, SUPPORT_EMAIL). */
export interface CardIssuer {
  name: string;
  email: string;
}

/**
 * Issue 28: a card an operator blocked (lost or stolen): no profile. Issue 35: it names who
 * deactivated it and how to reach them, with the card's id in the mail's subject.
 */
export function CardBlockedPage({ cardId, issuer, t }: { cardId: string; issuer: CardIssuer; t: Translate<PublicCardRedirectKey> }) {
  const vars = { issuer: issuer.name };
  const mail = `mailto:${issuer.email}?subject=${encodeURIComponent(t('card_blocked_subject', { cardId }))}`;
  return (
    <MessagePage art={<NotFoundArt />} heading={t('card_blocked')} text={t('card_blocked_text', vars)}>
      <a className="p-btn p-pri p-wide" href={mail}>
        {t('card_blocked_contact', vars)}
      </a>
      <p>{issuer.email}</p>
    </MessagePage>
  );
}

/** A blank card with chip and QR code, and a spark: this card is waiting for its owner. */
function CardArt() {
  return (
    <svg width="208" height="140" viewBox="0 0 208 140" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id="p-card-g" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#16307a" />
          <stop offset="1" stopColor="#4f8cf7" />
        </linearGradient>
      </defs>
      <rect x="26" y="24" width="156" height="98" rx="12" fill="#d6e0f8" transform="rotate(-7 104 73)" />
      <rect x="26" y="24" width="156" height="98" rx="12" fill="url(#p-card-g)" />
      <rect x="42" y="42" width="26" height="20" rx="4" fill="#f5c86a" />
      <rect x="42" y="92" width="70" height="8" rx="4" fill="#fff" opacity=".9" />
      <rect x="42" y="106" width="44" height="6" rx="3" fill="#fff" opacity=".6" />
      <rect x="128" y="40" width="38" height="38" rx="5" fill="#fff" />
      <path d="M134 46h9v9h-9zM151 46h9v9h-9zM134 63h9v9h-9zM151 63h4v4h-4zM156 68h4v4h-4z" fill="#16307a" />
      <path d="M188 10l3.2 7.3 7.3 3.2-7.3 3.2-3.2 7.3-3.2-7.3-7.3-3.2 7.3-3.2z" fill="#f5a623" />
    </svg>
  );
}
