import { describe, expect, it } from 'vitest';
import { SCIM_SCHEMAS, type ScimPatchOperation } from '../../../shared/schemas/scim.schema.ts';
import { ScimError } from './scim-error.ts';
import { applyPatch } from './scim-patch.ts';
import { groupSchema, userSchema, validGroup, validUser } from './scim-resource.ts';

const E = SCIM_SCHEMAS.enterprise;
const base = () => ({
  userName: 'ada@example.com',
  name: { givenName: 'Ada', familyName: 'Lovelace' },
  active: true,
  emails: [{ value: 'ada@example.com', type: 'work', primary: true }],
});
const patch = (ops: ScimPatchOperation[], resource: Record<string, unknown> = base()) => applyPatch(resource, ops, userSchema);
const scimTypeOf = (fn: () => unknown) => {
  try {
    fn();
  } catch (e) {
    return e instanceof ScimError ? e.scimType : 'not a ScimError';
  }
  return 'no error';
};

describe('SCIM PATCH', () => {
  it('takes Entra ID\'s capitalised Replace with the string boolean "False"', () => {
    const out = validUser(patch([{ op: 'replace', path: 'active', value: 'False' }]));
    expect(out.active).toBe(false);
  });

  it("takes Okta's replace without a path and an object value", () => {
    const out = validUser(patch([{ op: 'replace', value: { active: false, name: { givenName: 'Augusta' } } }]));
    expect(out.active).toBe(false);
    expect(out.name).toEqual({ givenName: 'Augusta', familyName: 'Lovelace' });
  });

  it('sets sub-attributes, filtered multi-valued elements and enterprise attributes by path', () => {
    const out = validUser(
      patch([
        { op: 'replace', path: 'name.familyName', value: 'King' },
        { op: 'replace', path: 'emails[type eq "work"].value', value: 'ada.king@example.com' },
        { op: 'add', path: 'phoneNumbers[type eq "mobile"].value', value: '+49 30 1234' },
        { op: 'replace', path: `${E}:department`, value: 'Engines' },
        { op: 'add', path: `${E}:manager`, value: 'boss-1' },
        { op: 'replace', path: 'TITLE', value: 'Analyst' },
      ]),
    );
    expect(out.name?.familyName).toBe('King');
    expect(out.emails).toEqual([{ value: 'ada.king@example.com', type: 'work', primary: true }]);
    expect(out.phoneNumbers).toEqual([{ type: 'mobile', value: '+49 30 1234' }]);
    expect(out[E]).toEqual({ department: 'Engines', manager: { value: 'boss-1' } });
    expect(out.title).toBe('Analyst');
  });

  it('accepts paths as keys of a value without path, as Entra ID sends them', () => {
    const out = validUser(
      patch([{ op: 'Replace' as 'replace', value: { 'name.givenName': 'Augusta', [`${E}:employeeNumber`]: '42', [E]: { division: 'R&D' } } }]),
    );
    expect(out.name?.givenName).toBe('Augusta');
    expect(out[E]).toEqual({ employeeNumber: '42', division: 'R&D' });
  });

  it('removes attributes, sub-attributes and filtered elements', () => {
    const out = patch([
      { op: 'remove', path: 'name.givenName' },
      { op: 'remove', path: 'emails[type eq "work"]' },
    ]);
    expect(out.name).toEqual({ familyName: 'Lovelace' });
    expect(out.emails).toEqual([]);
  });

  it('adds and removes group members by value and by filter', () => {
    const group = { displayName: 'Sales', members: [{ value: 'a' }] };
    const ops: ScimPatchOperation[] = [
      { op: 'add', path: 'members', value: [{ value: 'b' }, { value: 'a' }, { value: 'c' }] },
      { op: 'remove', path: 'members[value eq "a"]' },
      { op: 'remove', path: 'members', value: [{ value: 'c' }] },
    ];
    expect(applyPatch(group, ops, groupSchema).members).toEqual([{ value: 'b' }]);
  });

  it('does not change the resource it was given', () => {
    const original = base();
    patch([{ op: 'replace', path: 'name.givenName', value: 'X' }], original);
    expect(original.name.givenName).toBe('Ada');
  });

  it('refuses unknown paths, read-only attributes, a remove without path and bad filters', () => {
    expect(scimTypeOf(() => patch([{ op: 'replace', path: 'shoeSize', value: 1 }]))).toBe('invalidPath');
    expect(scimTypeOf(() => patch([{ op: 'replace', path: 'id', value: 'x' }]))).toBe('mutability');
    expect(scimTypeOf(() => patch([{ op: 'remove' }]))).toBe('noTarget');
    expect(scimTypeOf(() => patch([{ op: 'replace', path: 'emails[type eq ]', value: 'x' }]))).toBe('invalidPath');
    expect(scimTypeOf(() => patch([{ op: 'replace', value: 'not an object' }]))).toBe('invalidValue');
    expect(scimTypeOf(() => validUser(patch([{ op: 'replace', path: 'active', value: 'maybe' }])))).toBe('invalidValue');
  });

  it('refuses a remove of active with 400 mutability (it would change nothing, yet answer 200), in any spelling of the path', () => {
    expect(scimTypeOf(() => patch([{ op: 'remove', path: 'active' }]))).toBe('mutability');
    expect(scimTypeOf(() => patch([{ op: 'remove', path: 'Active' }]))).toBe('mutability');
    expect(scimTypeOf(() => patch([{ op: 'remove', path: `${SCIM_SCHEMAS.user}:active` }]))).toBe('mutability');
    expect(validUser(patch([{ op: 'replace', path: 'active', value: false }])).active).toBe(false);
  });

  it("takes Entra ID's members with a null $ref", () => {
    const group = applyPatch({ displayName: 'Engineering', members: [] }, [{ op: 'add', path: 'members', value: [{ $ref: null, value: 'u1' }] }], groupSchema);
    expect(validGroup(group).members).toEqual([{ value: 'u1' }]);
  });
});
