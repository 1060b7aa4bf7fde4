import { describe, expect, it } from 'vitest';
import { newAuditId, randomId } from './ids.ts';

describe('randomId', () => {
  it('gives ids of the asked length without look-alike characters', () => {
    const id = randomId(400);
    expect(id).toHaveLength(400);
    expect(id).not.toMatch(/[01OlI]/);
  });
});

describe('newAuditId', () => {
  it('sorts entries of the same millisecond in the order they were made', () => {
    const ids = Array.from({ length: 50 }, () => newAuditId(1_700_000_000_000));
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(50);
  });

  it('sorts a later millisecond after an earlier one', () => {
    const early = newAuditId(1_700_000_000_000);
    const late = newAuditId(1_700_000_000_001);
    expect(early < late).toBe(true);
  });
});
