import { describe, expect, it } from 'vitest';
import { contactName, displayName, NEUTRAL_NAME, personName, type DisplayNameFields } from './display-name.ts';

const empty: DisplayNameFields = {
  personalTitle: '',
  firstName: '',
  lastName: '',
  companyName: '',
  businessEmailAddress: '',
  emailAddress: '',
  businessMobileNumber: '',
  businessPhoneNumber: '',
  mobileNumber: '',
  phoneNumber: '',
};
const profile = (fields: Partial<DisplayNameFields>): DisplayNameFields => ({ ...empty, ...fields });

describe('displayName (the page, the vCard and the wallet pass)', () => {
  it.each<[string, Partial<DisplayNameFields>, string]>([
    [
      'first and last name, with the title',
      { personalTitle: 'Dr.', firstName: 'Jürgen', lastName: 'Größe', companyName: 'Müller GmbH', businessEmailAddress: 'j@example.com' },
      'Dr. Jürgen Größe',
    ],
    ['first and last name', { firstName: 'Anna', lastName: 'Schmidt' }, 'Anna Schmidt'],
    ['only a first name', { firstName: 'Anna' }, 'Anna'],
    ['only a last name, with the title', { personalTitle: 'Prof.', lastName: 'Größe' }, 'Prof. Größe'],
    ['only a title: no name, so the company', { personalTitle: 'Dr.', companyName: 'Müller GmbH' }, 'Müller GmbH'],
    ['only the company', { companyName: 'Müller & Söhne GmbH' }, 'Müller & Söhne GmbH'],
    ['only e-mail addresses: the business one first', { emailAddress: 'anna@home.example', businessEmailAddress: 'anna@work.example' }, 'anna@work.example'],
    ['only a private e-mail address', { emailAddress: 'anna@home.example' }, 'anna@home.example'],
    ['e-mail before phone', { mobileNumber: '+49 171 1', emailAddress: 'anna@home.example' }, 'anna@home.example'],
    ['only phones: the business mobile first', { phoneNumber: '+49 89 1', businessMobileNumber: '+49 160 2', businessPhoneNumber: '+49 89 3' }, '+49 160 2'],
    ['only a private phone', { phoneNumber: '+49 89 1' }, '+49 89 1'],
    ['nothing: the neutral word', {}, 'Contact'],
    ['blank fields count as empty', { firstName: '  ', lastName: '\t', companyName: ' ', businessEmailAddress: ' ' }, 'Contact'],
  ])('%s', (_case, fields, expected) => {
    expect(displayName(profile(fields))).toBe(expected);
  });

  it('says the neutral word in the page’s language', () => {
    expect(displayName(empty, 'de')).toBe('Kontakt');
    expect(displayName(empty, 'en')).toBe('Contact');
    expect(NEUTRAL_NAME).toEqual({ de: 'Kontakt', en: 'Contact' });
  });

  it('reads a profile without contact fields (a wallet test input) as one without them', () => {
    expect(displayName({ personalTitle: '', firstName: '', lastName: '', companyName: 'Beispiel GmbH' })).toBe('Beispiel GmbH');
    expect(displayName({ personalTitle: 'Dr.', firstName: '', lastName: '', companyName: '' }, 'de')).toBe('Kontakt');
  });

  it('single-spaces each part and drops control characters', () => {
    expect(displayName(profile({ firstName: ' Anna\u0000  Maria ', lastName: 'Schmidt\r\n' }))).toBe('Anna Maria Schmidt');
  });
});

describe('contactName and personName (the rule’s steps)', () => {
  it('contactName is the rule without the neutral word', () => {
    expect(contactName(empty)).toBe('');
    expect(contactName(profile({ companyName: 'Müller GmbH' }))).toBe('Müller GmbH');
  });

  it('personName is the person alone: empty without first and last name', () => {
    expect(personName({ personalTitle: 'Dr.', firstName: 'Jürgen', lastName: 'Größe' })).toBe('Dr. Jürgen Größe');
    expect(personName({ personalTitle: 'Prof.', firstName: ' ', lastName: '' })).toBe('');
  });
});
