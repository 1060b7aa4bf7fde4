import { describe, expect, it } from 'vitest';
import { SCIM_SCHEMAS } from '../../../shared/schemas/scim.schema.ts';
import { profileFieldsOf } from './scim-templates.ts';

describe('the company profile of a provisioned member', () => {
  const user = {
    userName: 'ada@example.com',
    active: true,
    name: { givenName: 'Ada', familyName: 'Lovelace' },
    title: 'Analyst',
    emails: [
      { value: 'home@example.org', type: 'home' },
      { value: 'ada@example.com', type: 'work', primary: true },
    ],
    phoneNumbers: [
      { value: '+49 170 1', type: 'mobile' },
      { value: '+49 30 2', type: 'work' },
    ],
    [SCIM_SCHEMAS.enterprise]: { department: 'Engines' },
  };

  it('takes name, title, department, phones and the primary e-mail from the SCIM attributes', () => {
    expect(profileFieldsOf(user, [])).toEqual({
      firstName: 'Ada',
      lastName: 'Lovelace',
      jobTitle: 'Analyst',
      businessUnit: 'Engines',
      businessMobileNumber: '+49 170 1',
      businessPhoneNumber: '+49 30 2',
      businessEmailAddress: 'ada@example.com',
    });
  });

  it('leaves out fields the template locks and attributes the user does not have', () => {
    expect(profileFieldsOf({ userName: 'x', active: true, phoneNumbers: [{ value: '+1' }] }, ['businessPhoneNumber'])).toEqual({});
  });
});
