import { useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toast } from '../../components/toast.ts';
import { useConfirm } from '../../components/use-confirm.tsx';
import { errorMessage } from '../../lib/error-text.ts';
import { operatorApi, operatorKeys } from './operator.api.ts';

/**
 * Issue 33: releases the verified claim that holds an e-mail domain, when a company shows that a
 * domain another organisation proved is theirs (docs/teams.md "E-mail domains"). With a reason,
 * recorded in both audit logs; the server checks the role and the second factor.
 */
export function DomainsSection() {
  const { t } = useTranslation('operator');
  const { t: tm } = useTranslation('molecules');
  const queryClient = useQueryClient();
  const [confirmDialog, confirm] = useConfirm();
  const [domain, setDomain] = useState('');
  const [reason, setReason] = useState('');
  const [error, setError] = useState('');
  const release = useMutation({
    mutationFn: () => operatorApi.releaseDomain(domain.trim(), reason.trim()),
    onSuccess: (released) => {
      toast.success(t('domain_released', { domain: released.domain }));
      setDomain('');
      setReason('');
      return queryClient.invalidateQueries({ queryKey: operatorKeys.all });
    },
    onError: (e) => setError(errorMessage(e, tm)),
  });
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError('');
    if (await confirm({ title: t('domain_release'), message: t('confirm_release', { domain: domain.trim() }), confirmLabel: t('domain_release') }))
      release.mutate();
  };

  return (
    <form className="content-card stack" onSubmit={(e) => void submit(e)} aria-labelledby="console-domains-title">
      <h2 id="console-domains-title">{t('domains_title')}</h2>
      <p className="muted">{t('domains_intro')}</p>
      <div className="field">
        <label htmlFor="console-domain">{t('domain_label')}</label>
        <input id="console-domain" value={domain} maxLength={253} autoComplete="off" placeholder="example.com" onChange={(e) => setDomain(e.target.value)} />
      </div>
      <div className="field">
        <label htmlFor="console-domain-reason">{t('reason_label')}</label>
        <input id="console-domain-reason" value={reason} maxLength={500} placeholder={t('reason_placeholder')} onChange={(e) => setReason(e.target.value)} />
        <p className="field-hint">{t('reason_hint')}</p>
      </div>
      {error && (
        <p className="alert alert-error" role="alert">
          {error}
        </p>
      )}
      <div className="button-row">
        <button type="submit" className="btn btn-danger" disabled={!domain.includes('.') || reason.trim().length < 3 || release.isPending}>
          {t('domain_release')}
        </button>
      </div>
      {confirmDialog}
    </form>
  );
}
