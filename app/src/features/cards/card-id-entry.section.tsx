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

/** Issue 23: registering a card without a camera: type or paste the card's id or link. */
export function CardIdEntrySection({ publicUrl, onCard }: { publicUrl: string; onCard: (cardId: string) => void }) {
  const { t } = useTranslation('register_card');
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const cardId = cardIdFromInput(value, publicUrl);
    if (!cardId) {
      setError(t('could_not_read_card_info'));
      return;
    }
    setError(null);
    onCard(cardId);
  };

  return (
    <form className="inline-form card-id-entry" onSubmit={submit} noValidate>
      <FormField
        label={t('typed.label')}
        name="cardId"
        autoComplete="off"
        spellCheck={false}
        hint={t('typed.hint')}
        error={error}
        value={value}
        onChange={(e) => setValue(e.target.value)}
      />
      <button type="submit" className="btn btn-secondary">
        {t('typed.submit')}
      </button>
    </form>
  );
}
