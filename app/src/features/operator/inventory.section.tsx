import { useEffect, useMemo, useRef, useState } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { EDITIONS } from '../../../../shared/schemas/card.schema.ts';
import { CARD_STATES, type CardState, type InventoryCard, type InventoryQuery } from '../../../../shared/schemas/operator.schema.ts';
import { errorMessage } from '../../lib/error-text.ts';
import { useAppConfig } from '../../lib/app-config.query.ts';
import { CardScanner } from '../cards/index.ts';
import { Spinner } from '../../components/spinner.tsx';
import { operatorApi, operatorKeys } from './operator.api.ts';
import { CardDialog } from './card.dialog.tsx';
import { dateTimeFormatter } from './format.ts';
import { readCardSearch } from './card-search.ts';

/** The longest id the inventory search takes (inventoryQuerySchema); a longer one is no card of the fleet. */
const MAX_SEARCH_LENGTH = 32;

/** The inventory: search by id or by the card's QR code, filters, pages by cursor; a card opens its actions. */
export function InventorySection({ batch, onBatch }: { batch: string; onBatch: (batch: string) => void }) {
  const { t, i18n } = useTranslation('operator');
  const { t: tc } = useTranslation('cards');
  const { t: tm } = useTranslation('molecules');
  const [search, setSearch] = useState('');
  const [q, setQ] = useState('');
  const [state, setState] = useState<CardState | ''>('');
  const [edition, setEdition] = useState('');
  // The opened card itself, not its id: a list that reloads under it (a new search) keeps the dialog as it is.
  const [open, setOpen] = useState<InventoryCard | null>(null);
  const formatDate = useMemo(() => dateTimeFormatter(i18n.language), [i18n.language]);
  const config = useAppConfig();
  const [scanning, setScanning] = useState(false);
  const [scanNote, setScanNote] = useState('');
  const lookingUp = useRef(false);

  // A card read by the camera opens its dialog; the reader stops, so the camera is free again.
  const openScanned = async (cardId: string) => {
    if (lookingUp.current) return;
    lookingUp.current = true;
    setScanning(false);
    setScanNote('');
    try {
      const found = cardId.length <= MAX_SEARCH_LENGTH ? (await operatorApi.cards({ q: cardId })).cards.find((c) => c.id === cardId) : undefined;
      if (found) setOpen(found);
      else setScanNote(t('scan_unknown', { id: cardId }));
    } catch (error) {
      setScanNote(errorMessage(error, tm));
    } finally {
      lookingUp.current = false;
    }
  };

  // Issue 35: a pasted card link searches for its id; a link of anything else says so.
  const read = readCardSearch(search, config.data?.publicUrl);
  const notCard = 'notCard' in read || read.q.length > MAX_SEARCH_LENGTH;
  const term = 'q' in read ? read.q : '';
  useEffect(() => {
    const timer = setTimeout(() => setQ(term), 300);
    return () => clearTimeout(timer);
  }, [term]);

  const filters: InventoryQuery = {
    ...(q ? { q } : {}),
    ...(state ? { state } : {}),
    ...(batch ? { batch } : {}),
    ...(edition ? { edition: edition as InventoryQuery['edition'] } : {}),
  };
  const cards = useInfiniteQuery({
    queryKey: operatorKeys.cards(filters),
    queryFn: ({ pageParam }) => operatorApi.cards(filters, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
  const all = cards.data?.pages.flatMap((p) => p.cards) ?? [];
  // Issue 24's bulk registration: the organisation named, and whether a member holds the card yet.
  const organisationLine = (card: InventoryCard) =>
    card.state === 'organisation' ? t('organisation_unassigned', { name: card.organisation?.name }) : t('organisation_card', { name: card.organisation?.name });

  return (
    <div className="stack">
      <form className="console-filters" role="search" onSubmit={(e) => e.preventDefault()}>
        <div className="field console-search">
          <label htmlFor="console-q">{t('search_label')}</label>
          <input
            id="console-q"
            type="search"
            value={search}
            placeholder={t('search_placeholder')}
            maxLength={2000}
            autoComplete="off"
            spellCheck={false}
            aria-invalid={notCard || undefined}
            aria-describedby="console-q-hint"
            onChange={(e) => setSearch(e.target.value)}
          />
          <p id="console-q-hint" className={notCard ? 'field-error' : 'field-hint'} role={notCard ? 'alert' : undefined}>
            {notCard ? t('scan_not_card') : t('search_hint')}
          </p>
        </div>
        <div className="field">
          <label htmlFor="console-state">{t('state_label')}</label>
          <select id="console-state" value={state} onChange={(e) => setState(e.target.value as CardState | '')}>
            <option value="">{t('all')}</option>
            {CARD_STATES.map((s) => (
              <option key={s} value={s}>
                {t(`state.${s}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="console-edition">{t('edition_label')}</label>
          <select id="console-edition" value={edition} onChange={(e) => setEdition(e.target.value)}>
            <option value="">{t('all')}</option>
            {EDITIONS.map((e) => (
              <option key={e} value={e}>
                {tc(`editions.${e}`)}
              </option>
            ))}
          </select>
        </div>
        {batch && (
          <div className="field">
            <span className="field-label">{t('batch_label')}</span>
            <button type="button" className="btn btn-secondary btn-small" onClick={() => onBatch('')} aria-label={`${t('batch_label')} ${batch} ✕`}>
              {batch} ✕
            </button>
          </div>
        )}
      </form>
      <div className="console-scan">
        <button
          type="button"
          className="btn btn-secondary"
          aria-expanded={scanning}
          disabled={!config.data}
          onClick={() => {
            setScanNote('');
            setScanning(!scanning);
          }}
        >
          {scanning ? t('scan_stop') : t('scan')}
        </button>
        {scanning && config.data && (
          <CardScanner
            publicUrl={config.data.publicUrl}
            onCard={(id) => void openScanned(id)}
            onUnreadable={() => setScanNote(t('scan_not_card'))}
            instructions={t('scan_instructions')}
          />
        )}
        {scanNote && (
          <p className="alert alert-error" role="alert">
            {scanNote}
          </p>
        )}
      </div>

      {notCard ? null : cards.isPending ? (
        <Spinner label={tm('loading')} />
      ) : cards.isError ? (
        <p className="alert alert-error" role="alert">
          {errorMessage(cards.error, tm)}
        </p>
      ) : all.length === 0 ? (
        <p className="empty-state">{t('no_cards')}</p>
      ) : (
        <>
          <ul className="stacked-list console-cards" aria-label={t('tabs.cards')}>
            {all.map((card) => (
              <li key={card.id} className="console-card-row">
                <button type="button" className="console-card-open" onClick={() => setOpen(card)} aria-label={t('open_card', { id: card.id })}>
                  <span className="console-card-id">{card.id}</span>
                  <span className="meta-text">{t('card_meta', { edition: tc(`editions.${card.edition}`), scans: card.scans })}</span>
                  <span className="meta-text">
                    {card.blocked
                      ? t('blocked_at', { date: formatDate(card.blocked) })
                      : card.registered
                        ? t('registered_at', { date: formatDate(card.registered) })
                        : t('minted_at', { date: formatDate(card.minted) })}
                  </span>
                  {card.organisation && <span className="meta-text">{organisationLine(card)}</span>}
                </button>
                <span className={`badge console-state-${card.state}`}>{t(`state.${card.state}`)}</span>
              </li>
            ))}
          </ul>
          {cards.hasNextPage && (
            <button type="button" className="btn btn-secondary" onClick={() => void cards.fetchNextPage()} disabled={cards.isFetchingNextPage}>
              {t('load_more')}
            </button>
          )}
        </>
      )}
      <CardDialog key={open?.id ?? ''} card={open} onChange={setOpen} onClose={() => setOpen(null)} formatDate={formatDate} />
    </div>
  );
}
