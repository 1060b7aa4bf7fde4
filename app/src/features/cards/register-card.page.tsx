import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useAppConfig } from '../../lib/app-config.query.ts';
import { cardKeys, cardsApi } from './cards.api.ts';
import { errorCodeMessage } from '../../lib/error-text.ts';
import { profileKeys } from '../profiles/index.ts';
import { useAuth } from '../auth/index.ts';
import { clearPendingCard, readPendingCard } from './pending-card.ts';
import { CardIdEntrySection } from './card-id-entry.section.tsx';
import { ChooseProfileSection, type CardProfileChoice } from './choose-profile.section.tsx';
import CardScanner from './card-scanner.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { toast } from '../../components/toast.ts';
import { useDocumentTitle } from '../../components/use-document-title.ts';

/** How a card came to the screen: stored by the public card page, scanned, or typed. */
type CardSource = 'stored' | 'scanned' | 'typed';

/** A card whose registration failed is not taken up again from the camera for this long (it is likely still in front of it). */
const RETRY_AFTER_FAILURE_MS = 4000;

/**
 * SPEC 2 / SPEC 4, Register card. A card stored by the public card page, scanned by the rear
 * camera or typed in (issue 23: no camera needed) is registered once the owner said which
 * profile it shows; a new profile then opens in the editor.
 */
export default function RegisterCardPage() {
  const { t } = useTranslation('register_card');
  const { t: tm } = useTranslation('molecules');
  const { user } = useAuth();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const config = useAppConfig();
  const [registering, setRegistering] = useState(false);
  const [pendingPath] = useState(() => readPendingCard() !== null);
  // The card read (stored, scanned or typed) that waits for the owner's choice of profile.
  const [card, setCard] = useState<{ id: string; source: CardSource } | null>(null);
  // Issue 35: what the owner typed stays, with why the server refused it, until they change it.
  const [typed, setTyped] = useState('');
  const [typedError, setTypedError] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  const started = useRef(false);
  const lastFailed = useRef<{ id: string; at: number } | null>(null);
  useDocumentTitle(t('title'));

  const refreshLists = useCallback(
    () => Promise.all([queryClient.invalidateQueries({ queryKey: cardKeys.all }), queryClient.invalidateQueries({ queryKey: profileKeys.list() })]),
    [queryClient],
  );

  /** Says why a card was refused where its way in shows it: under the typed field, in a toast, or (stored) on the overview (SPEC 4). */
  const refuse = useCallback(
    (cardId: string, source: CardSource, message: string) => {
      lastFailed.current = { id: cardId, at: Date.now() };
      if (source === 'typed') setTypedError(message);
      else toast.error(message);
      if (source === 'stored') navigate('/', { replace: true });
    },
    [navigate],
  );

  /**
   * Issue 35: a card read is checked at once (POST /card/check), before the owner picks a
   * profile: a typed id that cannot be registered says why under the field and stays there; a
   * scanned one says it in a toast and scanning resumes; a stored one goes to the overview (SPEC 4).
   */
  const checkCard = useCallback(
    async (cardId: string, source: CardSource) => {
      setChecking(true);
      let refusal: string | null = null;
      try {
        const { state } = await cardsApi.check(cardId);
        if (state === 'ok') setCard({ id: cardId, source });
        else refusal = t(`check.${state}`, { cardId });
      } catch (error) {
        refusal = errorCodeMessage(error, tm);
      }
      setChecking(false);
      if (refusal) refuse(cardId, source, refusal);
    },
    [t, tm, refuse],
  );

  // SPEC 4, stored path: remove the entry first, then ask which profile the card shows (issue 23).
  useEffect(() => {
    const cardId = readPendingCard();
    if (!cardId || !user || started.current) return;
    started.current = true;
    clearPendingCard();
    void checkCard(cardId, 'stored');
  }, [user, checkCard]);

  // SPEC 4, scan path: a card link goes on to the profile choice; anything else resumes scanning (CardScanner).
  const onScannedCard = (cardId: string) => {
    const failed = lastFailed.current;
    if (card || checking || (failed && failed.id === cardId && Date.now() - failed.at < RETRY_AFTER_FAILURE_MS)) return;
    void checkCard(cardId, 'scanned');
  };

  // Registers with the owner's choice: a new profile opens in the editor, an existing one returns to the overview.
  const register = async (choice: CardProfileChoice) => {
    if (!card || !user) return;
    setRegistering(true);
    try {
      const result = await cardsApi.register(card.id, user.email, choice);
      await refreshLists();
      toast.success(t('registered_info'));
      const isNew = !('profileId' in choice);
      navigate(isNew && result.cardProfileId ? `/profile/${encodeURIComponent(result.cardProfileId)}` : '/', { replace: true });
    } catch (error) {
      setRegistering(false);
      // SPEC 4: a failed stored registration goes to the overview; a scanned card back to the
      // scanner; a typed one back to its field, as typed, with the reason (issue 35).
      refuse(card.id, card.source, errorCodeMessage(error, tm));
      if (card.source !== 'stored') setCard(null);
    }
  };

  const cancel = () => {
    if (card?.source === 'stored') navigate('/', { replace: true });
    else setCard(null);
  };

  const busy = pendingPath && !card;

  return (
    <section className="content-card stack register-card" aria-labelledby="register-card-title">
      <h1 id="register-card-title">{t('title')}</h1>
      {card ? (
        <ChooseProfileSection busy={registering} onChoose={(choice) => void register(choice)} onCancel={cancel} />
      ) : busy ? (
        <div className="registering" aria-live="polite">
          <Spinner label={t('registering')} />
          <p>{t('registering')}</p>
        </div>
      ) : (
        config.data && (
          <>
            <CardIdEntrySection
              publicUrl={config.data.publicUrl}
              value={typed}
              onValueChange={(value) => {
                setTyped(value);
                setTypedError(null);
              }}
              error={typedError}
              busy={checking}
              onCard={(id) => void checkCard(id, 'typed')}
            />
            <CardScanner
              publicUrl={config.data.publicUrl}
              onCard={onScannedCard}
              onUnreadable={() => toast.error(t('could_not_read_card_info'))}
              instructions={t('instructions')}
            />
          </>
        )
      )}
      <div className="button-row">
        <Link to="/" className="btn btn-secondary">
          {tm('back_to_overview')}
        </Link>
      </div>
    </section>
  );
}
