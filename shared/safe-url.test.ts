import { describe, expect, it } from 'vitest';
import { mailtoHref, telHref, toSafeHref } from './safe-url.ts';

describe('toSafeHref', () => {
  it('keeps http and https links', () => {
    expect(toSafeHref('https://example.com/a?b=1')).toBe('https://example.com/a?b=1');
    expect(toSafeHref('http://example.com')).toBe('http://example.com/');
  });
  it('prefixes https:// where the link has no scheme', () => {
    expect(toSafeHref('calendly.com/juergen')).toBe('https://calendly.com/juergen');
    expect(toSafeHref('localhost:8080/x')).toBe('https://localhost:8080/x');
  });
  it('never lets script or data schemes through', () => {
    for (const bad of [
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      ' javascript:alert(1)',
      'java\tscript:alert(1)',
      'data:text/html,x',
      'vbscript:x',
      'file:///etc/passwd',
    ]) {
      expect(toSafeHref(bad), bad).toBeNull();
    }
  });
  it('keeps mailto and tel', () => {
    expect(toSafeHref('mailto:a@b.de')).toBe('mailto:a@b.de');
    expect(toSafeHref('tel:+4989')).toBe('tel:+4989');
  });
  it('answers null for blank values', () => expect(toSafeHref('  ')).toBeNull());
});

describe('telHref and mailtoHref', () => {
  it('strip formatting from phone numbers', () => expect(telHref('+49 89 98765-0')).toBe('tel:+4989987650'));
  it('drop blank numbers', () => expect(telHref(' - ')).toBeNull());
  it('accept plain addresses only', () => {
    expect(mailtoHref('j@x.de')).toBe('mailto:j@x.de');
    expect(mailtoHref('nope')).toBeNull();
  });
});
