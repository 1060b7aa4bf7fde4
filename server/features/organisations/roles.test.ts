import { describe, expect, it } from 'vitest';
import { isAdmin, mayChangeRole, mayRemove } from './roles.ts';

describe('organisation roles', () => {
  it('counts owners and admins as admins, members not', () => {
    expect([isAdmin('owner'), isAdmin('admin'), isAdmin('member')]).toEqual([true, true, false]);
  });
  it('lets admins move people between admin and member, but never make or unmake an owner', () => {
    expect(mayChangeRole('admin', 'member', 'admin')).toBe(true);
    expect(mayChangeRole('admin', 'admin', 'member')).toBe(true);
    expect(mayChangeRole('admin', 'member', 'owner')).toBe(false);
    expect(mayChangeRole('admin', 'owner', 'admin')).toBe(false);
  });
  it('lets an owner hand over ownership and change other owners', () => {
    expect(mayChangeRole('owner', 'admin', 'owner')).toBe(true);
    expect(mayChangeRole('owner', 'owner', 'member')).toBe(true);
  });
  it('lets a member change no role at all', () => {
    expect(mayChangeRole('member', 'member', 'member')).toBe(false);
    expect(mayChangeRole('member', 'member', 'admin')).toBe(false);
  });
  it('lets admins remove admins and members, only owners remove owners, members nobody', () => {
    expect(mayRemove('admin', 'member')).toBe(true);
    expect(mayRemove('admin', 'admin')).toBe(true);
    expect(mayRemove('admin', 'owner')).toBe(false);
    expect(mayRemove('owner', 'owner')).toBe(true);
    expect(mayRemove('member', 'member')).toBe(false);
  });
});
