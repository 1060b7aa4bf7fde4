import { describe, expect, it } from 'vitest';
import { DEFAULT_CRM_SETTINGS } from '../../../shared/schemas/crm.schema.ts';
import { mergeValues, noteOf, valuesOf, type CrmLead } from './crm-values.ts';

const lead = (over: Partial<CrmLead> = {}): CrmLead => ({
  id: 'lead1',
  email: ' Ada@Example.NET ',
  name: 'Ada King Lovelace',
  firstName: '',
  lastName: '',
  company: 'Engines Ltd',
  jobTitle: '',
  phone: '',
  mobile: '+44 7700 900123',
  website: '',
  message: 'Call me',
  note: '',
  method: 'form',
  source: 'nfc',
  cardId: 'card1',
  eventName: null,
  consentText: 'I agree',
  consentVersion: '2',
  consentAt: Date.UTC(2026, 10, 28),
  created: Date.UTC(2026, 10, 28),
  ownerEmail: 'mia@acme.example',
  ...over,
});

describe('issue 37: a lead’s values for a CRM record', () => {
  it('splits the form’s one name at its last space, lower-cases the e-mail, and takes the mobile as the phone when there is no other', () => {
    expect(valuesOf(lead())).toMatchObject({ email: 'ada@example.net', firstName: 'Ada King', lastName: 'Lovelace', phone: '+44 7700 900123', mobile: '' });
    expect(valuesOf(lead({ firstName: 'Ada', lastName: 'Byron' }))).toMatchObject({ firstName: 'Ada', lastName: 'Byron' });
  });

  it('writes the note with the lead, the card, the message and the consent', () => {
    const note = noteOf(lead());
    expect(note.split('\n')[0]).toBe('Contact Cards lead lead1 (2026-11-28T00:00:00.000Z, contact form, nfc)');
    expect(note).toContain('Card: card1');
    expect(note).toContain('Message: Call me');
    expect(note).toContain('Consent: I agree (version 2) at 2026-11-28T00:00:00.000Z');
  });

  it('meets what the CRM has under the field policy: overwrite, fill-empty, append once', () => {
    const ours = valuesOf(lead());
    const theirs = { firstName: 'Augusta', lastName: '', company: 'Old Ltd', note: 'Met at a fair' };
    const merged = mergeValues(ours, theirs, DEFAULT_CRM_SETTINGS.fields);
    expect(merged.firstName).toBe('Augusta'); // fill-empty keeps theirs
    expect(merged.lastName).toBe('Lovelace'); // theirs is empty
    expect(merged.company).toBe('Engines Ltd'); // overwrite
    expect(merged.note).toBe(`Met at a fair\n\n${ours.note}`); // append
    // The same lead again appends nothing.
    expect(mergeValues(ours, { ...theirs, note: merged.note }, DEFAULT_CRM_SETTINGS.fields).note).toBe(merged.note);
    // An empty value of ours never empties theirs, even under overwrite.
    expect(mergeValues({ ...ours, company: '' }, theirs, DEFAULT_CRM_SETTINGS.fields).company).toBe('Old Ltd');
    expect(mergeValues(ours, theirs, { ...DEFAULT_CRM_SETTINGS.fields, firstName: 'overwrite', note: 'overwrite' })).toMatchObject({
      firstName: 'Ada King',
      note: ours.note,
    });
  });
});
