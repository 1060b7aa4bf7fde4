import { describe, expect, it } from 'vitest';
import { contentTypeForKey, isValidStorageKey, storageKeyFor } from './storage.ts';

describe('storageKeyFor', () => {
  it('makes a new, valid key under the profile on every call', () => {
    const keys = new Set<string>();
    for (let i = 0; i < 200; i++) {
      const key = storageKeyFor('Prof_1-a', 'profileImage', 'jpg');
      expect(key).toMatch(/^profiles\/Prof_1-a\/image-[A-Za-z0-9_-]{12}\.jpg$/);
      expect(isValidStorageKey(key)).toBe(true);
      keys.add(key);
    }
    expect(keys.size).toBe(200);
    expect(storageKeyFor('p1', 'profileLogo', 'png')).toMatch(/^profiles\/p1\/logo-[A-Za-z0-9_-]{12}\.png$/);
  });

  it('refuses profile ids and extensions that do not belong in a key', () => {
    for (const id of ['', '..', 'a/b', 'a.b', '../x', 'x'.repeat(65), 'ü']) {
      expect(() => storageKeyFor(id, 'profileImage', 'jpg'), id).toThrow();
    }
    for (const extension of ['', 'svg', 'html', 'jpg/../x', 'toString', '__proto__']) {
      expect(() => storageKeyFor('p1', 'profileImage', extension), extension).toThrow();
    }
  });
});

describe('isValidStorageKey', () => {
  it('accepts plain relative keys with an image extension', () => {
    expect(isValidStorageKey('profiles/p1/image-abc.jpg')).toBe(true);
    expect(isValidStorageKey('logo.png')).toBe(true);
  });

  it('refuses anything that could step outside the root or is not an image', () => {
    const bad = [
      '',
      '../x.jpg',
      'profiles/../../x.jpg',
      'profiles/./x.jpg',
      '/etc/passwd.jpg',
      'profiles//x.jpg',
      'profiles/x.jpg/',
      'profiles\\..\\x.jpg',
      'C:/x.jpg',
      'profiles/%2e%2e/x.jpg',
      'profiles/.hidden.jpg',
      'profiles/x.jpg\0.png',
      'profiles/x.svg',
      'profiles/x',
      'profiles.jpg/x',
      `${'a/'.repeat(300)}x.jpg`,
    ];
    for (const key of bad) expect(isValidStorageKey(key), key).toBe(false);
  });
});

describe('contentTypeForKey', () => {
  it('follows the extension of the last segment only', () => {
    expect(contentTypeForKey('profiles/p1/image-a.jpg')).toBe('image/jpeg');
    expect(contentTypeForKey('profiles/p1/logo-a.png')).toBe('image/png');
    expect(contentTypeForKey('profiles/p1.jpg/logo')).toBeNull();
    expect(contentTypeForKey('profiles/p1/x.constructor')).toBeNull();
  });
});
