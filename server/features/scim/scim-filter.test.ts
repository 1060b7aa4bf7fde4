import { describe, expect, it } from 'vitest';
import { FilterError, matches, parseFilter, pinnedEq } from './scim-filter.ts';

const ENTERPRISE = 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User';
const user = {
  id: 'u1',
  userName: 'Bjensen@Example.com',
  externalId: 'ext-1',
  name: { givenName: 'Barbara', familyName: 'Jensen' },
  title: 'Tour Guide',
  active: true,
  emails: [
    { value: 'bjensen@example.com', type: 'work', primary: true },
    { value: 'babs@jensen.org', type: 'home' },
  ],
  [ENTERPRISE]: { department: 'Tours', manager: { value: 'm1' } },
  meta: { lastModified: '2011-05-13T04:42:34Z', resourceType: 'User' },
};
const test = (f: string) => matches(parseFilter(f), user);

describe('SCIM filter parser', () => {
  it('compares userName case-insensitively, as Entra ID and Okta look users up', () => {
    expect(test('userName eq "bjensen@example.com"')).toBe(true);
    expect(test('USERNAME Eq "BJENSEN@EXAMPLE.COM"')).toBe(true);
    expect(test('userName eq "other@example.com"')).toBe(false);
  });

  it('compares externalId and id exactly (caseExact)', () => {
    expect(test('externalId eq "ext-1"')).toBe(true);
    expect(test('externalId eq "EXT-1"')).toBe(false);
  });

  it('supports co, sw, ew, ne and pr', () => {
    expect(test('name.familyName co "ens"')).toBe(true);
    expect(test('userName sw "bjen"')).toBe(true);
    expect(test('userName ew "example.com"')).toBe(true);
    expect(test('title ne "Tour Guide"')).toBe(false);
    expect(test('title pr')).toBe(true);
    expect(test('nickName pr')).toBe(false);
  });

  it('compares meta.lastModified as a time with gt, ge, lt, le', () => {
    expect(test('meta.lastModified gt "2011-05-13T04:42:33Z"')).toBe(true);
    expect(test('meta.lastModified ge "2011-05-13T04:42:34.000Z"')).toBe(true);
    expect(test('meta.lastModified lt "2011-05-13T04:42:34Z"')).toBe(false);
    expect(test('meta.lastModified le "2011-05-13T04:42:34Z"')).toBe(true);
  });

  it('combines with and, or, not and parentheses in the right precedence', () => {
    expect(test('title pr and userType eq "Employee"')).toBe(false);
    expect(test('title pr or userType eq "Employee"')).toBe(true);
    expect(test('userType eq "Employee" and (emails co "example.com" or emails.value co "example.org")')).toBe(false);
    expect(test('not (userName eq "x") and active eq true')).toBe(true);
    // and binds tighter than or: false or (true and true)
    expect(test('userName eq "x" or title pr and active eq true')).toBe(true);
  });

  it('filters multi-valued attributes by value paths, with Entra ID\'s trailing ".value eq"', () => {
    expect(test('emails[type eq "work" and value co "@example.com"]')).toBe(true);
    expect(test('emails[type eq "work"].value eq "bjensen@example.com"')).toBe(true);
    expect(test('emails[type eq "home"].value eq "bjensen@example.com"')).toBe(false);
    expect(test('emails co "jensen.org"')).toBe(true);
  });

  it('reads attributes of the enterprise extension by their schema URN', () => {
    expect(test(`${ENTERPRISE}:department eq "tours"`)).toBe(true);
    expect(test(`${ENTERPRISE}:manager.value eq "m1"`)).toBe(true);
    expect(test('urn:ietf:params:scim:schemas:core:2.0:User:userName sw "b"')).toBe(true);
  });

  it('compares booleans, including active eq false', () => {
    expect(test('active eq true')).toBe(true);
    expect(test('active eq false')).toBe(false);
  });

  it.each([
    'userName eq',
    'userName eq bjensen',
    'userName equals "x"',
    '(userName eq "x"',
    'userName eq "x")',
    'emails[type eq "work"',
    'userName eq "unterminated',
    'and userName eq "x"',
    '',
    'userName eq "x" userName eq "y"',
    'active gt true',
    'a.b.c.d eq "x"',
    `${'('.repeat(30)}userName eq "x"${')'.repeat(30)}`,
  ])('refuses the malformed filter %j', (f) => {
    expect(() => parseFilter(f)).toThrow(FilterError);
  });

  it('finds the userName a filter pins, so one indexed row is read', () => {
    expect(pinnedEq(parseFilter('userName eq "A@b.c"'), 'username')).toBe('A@b.c');
    expect(pinnedEq(parseFilter('userName eq "A@b.c" and active eq true'), 'username')).toBe('A@b.c');
    expect(pinnedEq(parseFilter('userName eq "A@b.c" or active eq true'), 'username')).toBeUndefined();
    expect(pinnedEq(parseFilter('userName co "A"'), 'username')).toBeUndefined();
  });
});
