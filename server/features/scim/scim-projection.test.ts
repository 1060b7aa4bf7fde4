import { describe, expect, it } from 'vitest';
import { SCIM_SCHEMAS } from '../../../shared/schemas/scim.schema.ts';
import { ScimError } from './scim-error.ts';
import { project, projectionOf } from './scim-projection.ts';

const user = {
  schemas: [SCIM_SCHEMAS.user, SCIM_SCHEMAS.enterprise],
  id: 'u1',
  userName: 'ada@example.com',
  name: { givenName: 'Ada', familyName: 'Lovelace' },
  emails: [
    { value: 'ada@example.com', type: 'work', primary: true },
    { value: 'ada@home.example', type: 'home' },
  ],
  [SCIM_SCHEMAS.enterprise]: { department: 'Engines', employeeNumber: '1815' },
  groups: [{ value: 'g1', display: 'Engineering' }],
  meta: { resourceType: 'User', version: 'W/"3"' },
};
const shaped = (query: { attributes?: string; excludedAttributes?: string }) => project(user, projectionOf(query));

describe('SCIM attributes and excludedAttributes (RFC 7644 §3.4.2.5)', () => {
  it('answers whole resources without either parameter', () => {
    expect(shaped({})).toBe(user);
    expect(shaped({ attributes: ' ' })).toBe(user);
  });

  it('keeps only the named attributes, and always id and schemas', () => {
    expect(shaped({ attributes: 'userName,name.givenName' })).toEqual({
      schemas: user.schemas,
      id: 'u1',
      userName: 'ada@example.com',
      name: { givenName: 'Ada' },
    });
  });

  it('takes names in any case, qualified by their schema URN, and sub-attributes of every element of a multi-valued attribute', () => {
    expect(shaped({ attributes: `URN:IETF:PARAMS:SCIM:SCHEMAS:CORE:2.0:USER:USERNAME,emails.value,${SCIM_SCHEMAS.enterprise}:department` })).toEqual({
      schemas: user.schemas,
      id: 'u1',
      userName: 'ada@example.com',
      emails: [{ value: 'ada@example.com' }, { value: 'ada@home.example' }],
      [SCIM_SCHEMAS.enterprise]: { department: 'Engines' },
    });
  });

  it('leaves out the excluded attributes and sub-attributes, never id or schemas', () => {
    const answer = shaped({ excludedAttributes: 'groups,emails.type,name.familyName,id,schemas,meta' });
    expect(answer).toEqual({
      schemas: user.schemas,
      id: 'u1',
      userName: 'ada@example.com',
      name: { givenName: 'Ada' },
      emails: [{ value: 'ada@example.com', primary: true }, { value: 'ada@home.example' }],
      [SCIM_SCHEMAS.enterprise]: { department: 'Engines', employeeNumber: '1815' },
    });
  });

  it('leaves out a whole extension by its URN, and ignores names the resource does not have', () => {
    const answer = shaped({ excludedAttributes: `${SCIM_SCHEMAS.enterprise},nickName` });
    expect(answer).not.toHaveProperty(SCIM_SCHEMAS.enterprise);
    expect(answer.userName).toBe('ada@example.com');
    expect(shaped({ attributes: 'nickName' })).toEqual({ schemas: user.schemas, id: 'u1' });
  });

  it('refuses both parameters at once and overlong lists with SCIM 400s', () => {
    expect(() => projectionOf({ attributes: 'userName', excludedAttributes: 'groups' })).toThrow(ScimError);
    expect(() => projectionOf({ attributes: Array.from({ length: 101 }, (_, i) => `a${i}`).join(',') })).toThrow(/At most 100/);
  });
});
