import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { InventoryCard } from '../../../../shared/schemas/operator.schema.ts';
import { ModalDialog } from '../../components/modal-dialog.tsx';
import { toast } from '../../components/toast.ts';
import { useConfirm } from '../../components/use-confirm.tsx';
import { errorMessage } from '../../lib/error-text.ts';
import { ApiRequestError } from '../../lib/api-client.ts';
import { ErrorCode } from '../../../../shared/error-codes.ts';
import { operatorApi, operatorKeys, type CardAction } from './operator.api.ts';

type Action = CardAction | 'move' | 'owner';

/** One card (the caller keys it by card id, so every card starts with empty fields): its facts, the owner's e-mail on request, and the support actions, each with a reason. */
export function CardDialog({
  card,
  onChange,
  onClose,
  formatDate,
}: {
  card: InventoryCard | null;
  onChange: (card: InventoryCard) => void;
  onClose: () => void;
  formatDate: (ms: number) => string;
}) {
  const { t } = useTranslation('operator');
  const { t: tc } = useTranslation('cards');
  const { t: tm } = useTranslation('molecules');
  const queryClient = useQueryClient();
  const [confirmDialog, confirm] = useConfirm();
  const [reason, setReason] = useState('');
  const [toEmail, setToEmail] = useState('');
  const [owner, setOwner] = useState<string | null | undefined>(undefined);
  const [error, setError] = useState('');

  const act = useMutation({
    mutationFn: async (action: Action) => {
      if (!card) return;
      if (action === 'owner') return setOwner((await operatorApi.owner(card.id, reason)).email);
      const result = action === 'move' ? await operatorApi.move(card.id, toEmail, reason) : await operatorApi.act(action, card.id, reason);
      onChange(result.card);
      const told = action !== 'move' && action !== 'resend-verification' && card.hasOwner;
      toast.success(told ? `${t(`done.${action}`)} ${t('owner_told')}` : t(`done.${action}`));
      setReason('');
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: operatorKeys.all }),
    onError: (e) => setError(actionError(e)),
  });
  // The refusals an operator meets in daily work, in the console's language; anything else as the server says it.
  const actionError = (e: unknown) => {
    const code = e instanceof ApiRequestError ? e.code : '';
    if (code === ErrorCode.emailAlreadyVerified) return t('resend_already_confirmed');
    if (code === ErrorCode.cardWithoutOwner) return t('resend_no_owner');
    if (code === ErrorCode.rateLimited) return t('too_many');
    return errorMessage(e, tm);
  };
  const run = async (action: Action) => {
    setError('');
    if (action === 'reset' && card && !(await confirm({ title: t('reset'), message: t('confirm_reset', { id: card.id }), confirmLabel: t('reset') }))) return;
    act.mutate(action);
  };
  const reasonOk = reason.trim().length >= 3;
  const busy = act.isPending;

  return (
    <>
      <ModalDialog
        open={card !== null}
        title={card ? t('card_title', { id: card.id }) : ''}
        onClose={onClose}
        footer={
          <button type="button" className="btn btn-secondary" onClick={onClose}>
            {t('close')}
          </button>
        }
      >
        {card && (
          <div className="stack console-card-dialog">
            <dl className="console-facts">
              <dt>{t('state_label')}</dt>
              <dd>
                <span className={`badge console-state-${card.state}`}>{t(`state.${card.state}`)}</span>
              </dd>
              {card.organisation && (
                <>
                  <dt>{t('organisation_label')}</dt>
                  <dd>{card.state === 'organisation' ? t('organisation_unassigned', { name: card.organisation.name }) : card.organisation.name}</dd>
                </>
              )}
              <dt>{t('edition_label')}</dt>
              <dd>{tc(`editions.${card.edition}`)}</dd>
              <dt>{t('batch_label')}</dt>
              <dd>{card.batchId ?? t('no_batch')}</dd>
              <dt>{t('minted_at', { date: '' }).trim()}</dt>
              <dd>{formatDate(card.minted)}</dd>
              {card.registered && (
                <>
                  <dt>{t('registered_at', { date: '' }).trim()}</dt>
                  <dd>{formatDate(card.registered)}</dd>
                </>
              )}
              <dt>{t('owner')}</dt>
              <dd>
                {!card.hasOwner ? t('owner_none') : owner === undefined ? <span className="muted">{t('owner_hidden')}</span> : (owner ?? t('owner_none'))}
              </dd>
            </dl>
            <div className="field">
              <label htmlFor="console-reason">{t('reason_label')}</label>
              <input id="console-reason" value={reason} maxLength={500} placeholder={t('reason_placeholder')} onChange={(e) => setReason(e.target.value)} />
              <p className="field-hint">{t('reason_hint')}</p>
            </div>
            {error && (
              <p className="alert alert-error" role="alert">
                {error}
              </p>
            )}
            <div className="console-actions">
              {card.hasOwner && owner === undefined && (
                <button type="button" className="btn btn-secondary" disabled={!reasonOk || busy} onClick={() => void run('owner')}>
                  {t('show_owner')}
                </button>
              )}
              {card.state === 'blocked' ? (
                <button type="button" className="btn btn-secondary" disabled={!reasonOk || busy} onClick={() => void run('unblock')}>
                  {t('unblock')}
                </button>
              ) : (
                <button type="button" className="btn btn-danger" disabled={!reasonOk || busy} onClick={() => void run('block')}>
                  {t('block')}
                </button>
              )}
              {card.hasOwner && (
                <button type="button" className="btn btn-secondary" disabled={!reasonOk || busy} onClick={() => void run('reset')}>
                  {t('reset')}
                </button>
              )}
              {card.hasOwner && (
                <button type="button" className="btn btn-secondary" disabled={!reasonOk || busy} onClick={() => void run('resend-verification')}>
                  {t('resend_verification')}
                </button>
              )}
            </div>
            <div className="console-move">
              <div className="field">
                <label htmlFor="console-move-to">{t('move_to_label')}</label>
                <input id="console-move-to" type="email" value={toEmail} maxLength={254} autoComplete="off" onChange={(e) => setToEmail(e.target.value)} />
              </div>
              <button type="button" className="btn btn-secondary" disabled={!reasonOk || !toEmail.includes('@') || busy} onClick={() => void run('move')}>
                {t('move')}
              </button>
            </div>
          </div>
        )}
      </ModalDialog>
      {confirmDialog}
    </>
  );
}
