import { describe, expect, it } from 'vitest';
import { isServerPath, SERVER_PATH_PATTERN, SERVER_PATHS } from './server-paths.ts';

describe('isServerPath (the server paths of app.ts and the Vite dev proxy)', () => {
  it('covers each listed path and what lies below it, with or without a query', () => {
    for (const path of SERVER_PATHS) {
      expect(isServerPath(path), path).toBe(true);
      expect(isServerPath(`${path}/x`), path).toBe(true);
      expect(isServerPath(`${path}?x=1`), path).toBe(true);
    }
    expect(isServerPath('/api/auth/sign-in/email')).toBe(true);
    expect(isServerPath('/account/sessions/revoke-others')).toBe(true);
    expect(isServerPath('/lead/update')).toBe(true);
    expect(isServerPath('/go/abc?p=x&src=link')).toBe(true);
    expect(isServerPath('/p/abc')).toBe(true);
    expect(isServerPath('/profile/update/short-link-id')).toBe(true);
    expect(isServerPath('/assets/editions/rainbow.svg')).toBe(true);
  });

  it("leaves the owner app's routes to the owner app, also where a segment starts alike", () => {
    for (const path of [
      '/',
      '/login',
      '/register',
      '/register-card',
      '/security',
      '/leads',
      '/leads?profile=x',
      '/profile/abc',
      '/profile/abc/stats',
      '/profile/abc/preview',
      '/card/abc/preview',
      '/my-card/abc',
      '/change-password',
      '/reset-password?token=x',
      '/terms',
      '/pictures',
      '/golden',
      '/docsx',
    ]) {
      expect(isServerPath(path), path).toBe(false);
    }
  });

  it("is a pattern Vite's proxy reads as a regular expression (a key that starts with ^)", () => {
    expect(SERVER_PATH_PATTERN.source.startsWith('^')).toBe(true);
    expect(new RegExp(SERVER_PATH_PATTERN.source).test('/download/calendar?profileId=x')).toBe(true);
  });
});
