import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Card } from '../../../../shared/schemas/card.schema.ts';
import { ModalDialog } from '../../components/modal-dialog.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { toast } from '../../components/toast.ts';
import { downloadWalletPass, type WalletKind } from './wallet-pass.ts';

/** Props of {@link CardPickerDialog}. */
export interface CardPickerDialogProps {
  /** The wallet asked for; null keeps the dialog closed. */
  kind: WalletKind | null;
  cards: Card[];
  loading: boolean;
  loadFailed: boolean;
  onClose: () => void;
  /** Told when the server answers 503 `cmc/not-configured` for this wallet. */
  onNotConfigured: (kind: WalletKind) => void;
}

/** SPEC 2: the wallet badges open this modal, where the owner picks which card goes into the wallet. */
export function CardPickerDialog({ kind, cards, loading, loadFailed, onClose, onNotConfigured }: CardPickerDialogProps) {
  const { t } = useTranslation('cards');
  const { t: tm } = useTranslation('molecules');
  const [busyCard, setBusyCard] = useState<string | null>(null);
  // Issue 23: with one card there is nothing to pick: the wallet gets that card at once.
  const single = kind !== null && !loading && !loadFailed && cards.length === 1 ? cards[0]! : null;
  const startedSingle = useRef<WalletKind | null>(null);

  // SPEC 7's wallet flow result "card load error" is a toast, besides the note in the dialog.
  useEffect(() => {
    if (kind !== null && loadFailed) toast.error(t('wallet.card_load_error'));
  }, [kind, loadFailed, t]);

  const pick = async (card: Card) => {
    if (!kind) return;
    setBusyCard(card.cardId);
    const result = await downloadWalletPass(card.cardId, kind);
    setBusyCard(null);
    if (result === 'success') {
      toast.success(t('wallet.download_success'));
      onClose();
    } else if (result === 'not-configured') {
      toast.error(t('wallet.not_configured'));
      onNotConfigured(kind);
      onClose();
    } else {
      toast.error(t('wallet.download_error'));
      if (cards.length === 1) onClose();
    }
  };

  useEffect(() => {
    if (!single || startedSingle.current === kind) return;
    startedSingle.current = kind;
    void pick(single);
  });
  useEffect(() => {
    if (kind === null) startedSingle.current = null;
  }, [kind]);

  return (
    <ModalDialog
      open={kind !== null && cards.length !== 1}
      title={kind === 'google' ? t('wallet.pick_title_google') : t('wallet.pick_title_apple')}
      onClose={onClose}
      footer={
        <button type="button" className="btn btn-secondary" onClick={onClose}>
          {tm('cancel')}
        </button>
      }
    >
      {loading ? (
        <Spinner label={tm('loading')} />
      ) : loadFailed ? (
        <p className="alert alert-error" role="alert">
          {t('wallet.card_load_error')}
        </p>
      ) : cards.length === 0 ? (
        <p>{t('wallet.no_cards')}</p>
      ) : (
        <ul className="picker-list">
          {cards.map((card) => (
            <li key={card.cardId}>
              <button type="button" className="picker-item" disabled={busyCard !== null} onClick={() => void pick(card)}>
                <img src={card.imagePath} alt="" width={64} height={40} />
                <span className="picker-item-text">
                  <span className="picker-item-title">{t(`editions.${card.typeName}`)}</span>
                  <span className="picker-item-meta">{card.cardProfileName ?? t('no_profile')}</span>
                </span>
                {busyCard === card.cardId && <Spinner label={tm('loading')} size={20} />}
              </button>
            </li>
          ))}
        </ul>
      )}
    </ModalDialog>
  );
}
