import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { parseCardLink } from '../../../../shared/card-link.ts';
import { FormField } from '../../components/form-field.tsx';

/** A card id as minted (D2): letters and digits. */
const CARD_ID = /^[A-Za-z0-9]{1,64}$/;

/** Reads a card id out of what was typed or pasted: the card's link, or its id alone. */
export function cardIdFromInput(text: string, publicUrl: string): string | null {
  const value = text.trim();
  if (CARD_ID.test(value)) return value;
  return parseCardLink(value, publicUrl);
}

/**
 * Issue 23: registering a card without a camera: type or paste the card's id or link. Issue 35:
 * what was typed and the server's answer to it live in the screen, so a refused id stays in the
 * field with the reason under it (and stays after a failed registration) for the owner to correct.
 */
export function CardIdEntrySection({
  publicUrl,
  value,
  onValueChange,
  error,
  busy,
  onCard,
}: {
  publicUrl: string;
  value: string;
  onValueChange: (value: string) => void;
  /** Why the id was refused (the screen's check), shown under the field. */
  error: string | null;
  busy: boolean;
  onCard: (cardId: string) => void;
}) {
  const { t } = useTranslation('register_card');
  const [unreadable, setUnreadable] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const cardId = cardIdFromInput(value, publicUrl);
    setUnreadable(!cardId);
    if (cardId) onCard(cardId);
  };

  return (
    <form className="inline-form card-id-entry" onSubmit={submit} noValidate>
      <FormField
        label={t('typed.label')}
        name="cardId"
        autoComplete="off"
        spellCheck={false}
        hint={t('typed.hint')}
        error={unreadable ? t('could_not_read_card_info') : error}
        value={value}
        onChange={(e) => {
          setUnreadable(false);
          onValueChange(e.target.value);
        }}
      />
      <button type="submit" className="btn btn-secondary" disabled={busy}>
        {busy ? t('typed.checking') : t('typed.submit')}
      </button>
    </form>
  );
}
