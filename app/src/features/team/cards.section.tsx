import { useState, type FormEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { refusedCardsSchema, type OrganisationCard, type RefusedCards } from '../../../../shared/schemas/organisation-card.schema.ts';
import { LoadingBlock } from '../../components/spinner.tsx';
import { toast } from '../../components/toast.ts';
import { TeamErrorCode } from '../../../../shared/error-codes.ts';
import { ApiRequestError } from '../../lib/api-client.ts';
import { errorMessage } from '../../lib/error-text.ts';
import { CardsCsvSection } from './cards-csv.section.tsx';
import { teamApi, teamKeys } from './team.api.ts';

/** Card ids pasted from an order (one per line, or separated by commas, semicolons, spaces). */
export const parseCardIds = (text: string) => [...new Set(text.split(/[\s,;]+/).filter(Boolean))];

type Filter = 'all' | 'assigned' | 'unassigned';
/** The two refusals an admin can fix here, in the app's language; anything else as the server says it. */
const CARD_ERRORS: Record<string, 'cards_error_no_company_profile' | 'cards_error_not_available'> = {
  [TeamErrorCode.noCompanyProfile]: 'cards_error_no_company_profile',
  [TeamErrorCode.cardNotAvailable]: 'cards_error_not_available',
};
const shown = (filter: Filter) => (c: OrganisationCard) => filter === 'all' || (filter === 'assigned') === (c.member !== null);

/** Issue 24's cards for a team: register an order by its ids, see which cards are unassigned, assign and take back, or assign by CSV. */
export function CardsSection({ organisationId }: { organisationId: string }) {
  const { t } = useTranslation('team');
  const { t: tm } = useTranslation('molecules');
  const queryClient = useQueryClient();
  const [ids, setIds] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // Issue 35: each id of the order that was refused, with why (nothing was registered then).
  const [refused, setRefused] = useState<RefusedCards>([]);
  const [filter, setFilter] = useState<Filter>('all');
  const cards = useQuery({ queryKey: teamKeys.cards(organisationId), queryFn: () => teamApi.cards(organisationId), staleTime: 0 });
  const members = useQuery({ queryKey: teamKeys.members(organisationId), queryFn: () => teamApi.members(organisationId), staleTime: 0 });
  const reload = () => queryClient.invalidateQueries({ queryKey: teamKeys.all });

  const register = async (e: FormEvent) => {
    e.preventDefault();
    const list = parseCardIds(ids);
    if (list.length === 0) return setError(t('cards_register_empty'));
    setBusy(true);
    setError(null);
    setRefused([]);
    try {
      const done = await teamApi.registerCards(organisationId, list);
      toast.success(t('cards_registered', { count: done.registered }));
      setIds('');
    } catch (err) {
      const named = err instanceof ApiRequestError ? refusedCardsSchema.safeParse(err.body.cards) : null;
      if (named?.success && named.data.length) {
        setError(t('cards_refused', { count: named.data.length }));
        setRefused(named.data);
      } else setError(failure(err));
    } finally {
      setBusy(false);
    }
    await reload();
  };
  const failure = (err: unknown) => {
    const key = err instanceof ApiRequestError ? CARD_ERRORS[err.code] : undefined;
    return key ? t(key) : errorMessage(err, tm);
  };
  const act = async (work: () => Promise<unknown>, done: string) => {
    try {
      await work();
      toast.success(done);
    } catch (err) {
      toast.error(failure(err));
    }
    await reload();
  };

  const list = cards.data?.cards ?? [];
  const unassigned = list.filter((c) => c.member === null).length;
  return (
    <section className="content-card security-section" aria-labelledby="cards-title">
      <h2 id="cards-title" className="card-title">
        {t('cards_title')}
      </h2>
      <p className="lead">{t('cards_intro')}</p>
      <form className="security-form team-invite" onSubmit={register}>
        <div className="field">
          <label htmlFor="team-card-ids">{t('cards_register_ids')}</label>
          <textarea id="team-card-ids" rows={3} value={ids} onChange={(e) => setIds(e.target.value)} aria-describedby="team-card-ids-hint" />
          <p id="team-card-ids-hint" className="field-hint">
            {t('cards_register_hint')}
          </p>
          {error && (
            <div className="field-error" role="alert">
              <p>{error}</p>
              {refused.length > 0 && (
                <ul className="team-refused">
                  {refused.map((card) => (
                    <li key={card.cardId}>
                      <code>{card.cardId}</code> {t(`cards_refusal.${card.reason}`)}
                    </li>
                  ))}
                </ul>
              )}
            </div>
          )}
        </div>
        <div>
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {t('cards_register_submit')}
          </button>
        </div>
      </form>
      {cards.isPending ? (
        <LoadingBlock />
      ) : cards.isError ? (
        <p className="alert alert-error" role="alert">
          {t('load_failed', { message: errorMessage(cards.error, tm) })}
        </p>
      ) : (
        <>
          <div className="team-actions team-filter">
            <label htmlFor="team-card-filter">{t('cards_filter')}</label>
            <select id="team-card-filter" value={filter} onChange={(e) => setFilter(e.target.value as Filter)}>
              <option value="all">{t('cards_filter_all', { count: list.length })}</option>
              <option value="assigned">{t('cards_filter_assigned', { count: list.length - unassigned })}</option>
              <option value="unassigned">{t('cards_filter_unassigned', { count: unassigned })}</option>
            </select>
          </div>
          {list.length === 0 ? (
            <p className="muted">{t('cards_none')}</p>
          ) : (
            <ul className="session-list">
              {list.filter(shown(filter)).map((card) => {
                // Issue 24: a member with several company profiles: the admin picks the one the card shows.
                const choices = card.member ? (cards.data?.companyProfiles ?? []).filter((p) => p.userId === card.member!.userId) : [];
                return (
                  <li key={card.cardId} className="session-row team-row">
                    <div className="session-body">
                      <span className="session-device team-email">{card.cardId}</span>
                      <span className="meta-text">{card.blocked ? t('card_blocked') : card.member ? card.member.email : t('card_unassigned')}</span>
                    </div>
                    <div className="team-actions">
                      <select
                        aria-label={t('card_assign_to', { cardId: card.cardId })}
                        value={card.member?.userId ?? ''}
                        disabled={card.blocked}
                        onChange={(e) =>
                          void act(() => teamApi.assignCard(organisationId, card.cardId, e.target.value), t('card_assigned', { cardId: card.cardId }))
                        }
                      >
                        {!card.member && <option value="">{t('card_choose_member')}</option>}
                        {(members.data?.members ?? []).map((m) => (
                          <option key={m.userId} value={m.userId}>
                            {m.email}
                          </option>
                        ))}
                      </select>
                      {choices.length > 1 && (
                        <>
                          <span className="meta-text" aria-hidden="true">
                            {t('template_card_shows')}
                          </span>
                          <select
                            aria-label={t('template_card_profile_of', { cardId: card.cardId })}
                            value={card.profileId ?? ''}
                            onChange={(e) =>
                              void act(
                                () => teamApi.assignCard(organisationId, card.cardId, choices[0].userId, e.target.value),
                                t('template_card_profile_changed', { cardId: card.cardId }),
                              )
                            }
                          >
                            {choices.map((p) => (
                              <option key={p.profileId} value={p.profileId}>
                                {p.name}
                              </option>
                            ))}
                          </select>
                        </>
                      )}
                      {card.member && (
                        <button
                          type="button"
                          className="btn btn-secondary btn-small"
                          aria-label={t('card_unassign_label', { cardId: card.cardId })}
                          onClick={() => void act(() => teamApi.unassignCard(organisationId, card.cardId), t('card_unassigned_done', { cardId: card.cardId }))}
                        >
                          {t('card_unassign')}
                        </button>
                      )}
                    </div>
                  </li>
                );
              })}
            </ul>
          )}
        </>
      )}
      <CardsCsvSection organisationId={organisationId} onDone={reload} />
    </section>
  );
}
