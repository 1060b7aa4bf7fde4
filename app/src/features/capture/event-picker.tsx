import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/error-text.ts';
import { toast } from '../../components/toast.ts';
import { captureApi, captureKeys } from './capture.api.ts';

const today = () => new Date().toISOString().slice(0, 10);

/** The event a capture belongs to: the owner's and their organisation's events, or a new one made here. */
export function EventPicker({ value, onChange }: { value: string; onChange: (eventId: string) => void }) {
  const { t } = useTranslation('capture');
  const { t: tm } = useTranslation('molecules');
  const queryClient = useQueryClient();
  // Offline (a fair) the list may not load: the picker then offers "no event" and a new one.
  const events = useQuery({ queryKey: captureKeys.events, queryFn: captureApi.events, throwOnError: false });
  const [adding, setAdding] = useState(false);
  const [name, setName] = useState('');
  const [startsOn, setStartsOn] = useState(today);
  const [endsOn, setEndsOn] = useState(today);
  const create = useMutation({
    mutationFn: () => captureApi.saveEvent({ name, startsOn, endsOn }),
    onSuccess: async (event) => {
      toast.success(t('event_created'));
      setAdding(false);
      setName('');
      await queryClient.invalidateQueries({ queryKey: captureKeys.events });
      onChange(event.id);
    },
    onError: (error) => toast.error(errorMessage(error, tm)),
  });

  return (
    <div className="capture-event">
      <div className="field">
        <label htmlFor="capture-event">{t('event')}</label>
        <select id="capture-event" value={value} onChange={(e) => onChange(e.target.value)}>
          <option value="">{t('no_event')}</option>
          {events.data?.events.map((event) => (
            <option key={event.id} value={event.id}>
              {event.organisationName ? `${event.name} (${event.organisationName})` : event.name}
            </option>
          ))}
        </select>
      </div>
      {adding ? (
        <fieldset className="capture-new-event">
          <legend>{t('new_event')}</legend>
          <div className="field">
            <label htmlFor="capture-event-name">{t('event_name')}</label>
            <input id="capture-event-name" value={name} maxLength={100} onChange={(e) => setName(e.target.value)} />
          </div>
          <div className="capture-days">
            <div className="field">
              <label htmlFor="capture-event-starts">{t('event_starts')}</label>
              <input id="capture-event-starts" type="date" value={startsOn} onChange={(e) => setStartsOn(e.target.value)} />
            </div>
            <div className="field">
              <label htmlFor="capture-event-ends">{t('event_ends')}</label>
              <input id="capture-event-ends" type="date" value={endsOn} onChange={(e) => setEndsOn(e.target.value)} />
            </div>
          </div>
          <button type="button" className="btn btn-secondary btn-small" disabled={!name.trim() || create.isPending} onClick={() => create.mutate()}>
            {t('event_create')}
          </button>
        </fieldset>
      ) : (
        <button type="button" className="btn btn-ghost btn-small" onClick={() => setAdding(true)}>
          {t('new_event')}
        </button>
      )}
    </div>
  );
}
