import { describe, expect, it } from 'vitest';
import { bearerToken } from './bearer-token.ts';

describe('bearerToken (the Authorization header of owner calls)', () => {
  it('reads the token after the Bearer scheme', () => {
    expect(bearerToken('Bearer abc123')).toBe('abc123');
  });

  it('takes the scheme in any case', () => {
    for (const scheme of ['bearer', 'BEARER', 'bEaReR']) expect(bearerToken(`${scheme} abc123`)).toBe('abc123');
  });

  it('ignores extra spaces and tabs around the token', () => {
    expect(bearerToken('Bearer    abc123')).toBe('abc123');
    expect(bearerToken('Bearer\tabc123 ')).toBe('abc123');
    expect(bearerToken('  Bearer abc123  ')).toBe('abc123');
  });

  it('answers null without a token or without the Bearer scheme', () => {
    for (const header of [undefined, null, '', 'Bearer', 'Bearer ', 'Bearer    ', 'Basic abc123', 'Bearerabc123', 'abc123', 'Token abc123']) {
      expect(bearerToken(header), String(header)).toBeNull();
    }
  });

  it('drops the signature of a signed token, URL-encoded or not', () => {
    expect(bearerToken('Bearer abc123.c2lnbmF0dXJl')).toBe('abc123');
    expect(bearerToken(`Bearer ${encodeURIComponent('abc123.sig/na+ture=')}`)).toBe('abc123');
    expect(bearerToken('Bearer .signature')).toBeNull();
  });

  it('answers null for a token that cannot be decoded or is longer than any session token', () => {
    expect(bearerToken('Bearer abc%zz')).toBeNull();
    expect(bearerToken(`Bearer ${'a'.repeat(200)}`)).toBe('a'.repeat(200));
    expect(bearerToken(`Bearer ${'a'.repeat(201)}`)).toBeNull();
  });
});
