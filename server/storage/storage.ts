import { randomBytes } from 'node:crypto';
import type { ImageKind } from '../images/image.processor.ts';

/**
 * Where uploads live (DESIGN: local disk for one server, object storage for many):
 * local-disk.storage.ts and s3.storage.ts, chosen by configuration (S3_BUCKET) in app.ts.
 *
 * Keys are relative, '/'-separated paths such as `profiles/{profileId}/image-{random}.jpg`
 * (see storageKeyFor). Every upload gets a new key, never an overwrite of the old one, so
 * a URL built from a key always names the same bytes and can be served with
 * `Cache-Control: immutable`; replacing an image means put(newKey), saving newKey on the
 * profile, then delete(oldKey).
 *
 * Every implementation refuses keys that isValidStorageKey rejects by throwing
 * InvalidStorageKeyError, for get() too: a route that takes a key from a URL can turn that
 * error into a 404.
 */
export interface Storage {
  /** Stores `data` under `key`, replacing what was there; readers see the old or the new bytes, never a mix. */
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  /** The stored bytes and their content type, or null when nothing is stored under `key`. */
  get(key: string): Promise<StoredObject | null>;
  /** Removes `key`; removing a key that does not exist is not an error. */
  delete(key: string): Promise<void>;
  /** Resolves when the store answers and can be written (the local folder exists or can be made, the bucket is there); for /readyz. */
  check(): Promise<void>;
}

/** What get() answers. */
export interface StoredObject {
  data: Buffer;
  contentType: string;
}

/**
 * The file types storage holds, by key extension: what image.processor produces, and the
 * operator's print bundles (issue 28, `bundles/…zip`, never served by /media). Keys must end
 * in one of these, so the content type always follows from the key and no other kind of file
 * can be stored.
 */
export const STORAGE_CONTENT_TYPES: Readonly<Record<string, string>> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  zip: 'application/zip',
};

/** Keys the public /media/ path may serve: uploads of profiles and organisations' logos only (not the operator's bundles). */
export const isPublicMediaKey = (key: string) => (key.startsWith('profiles/') || key.startsWith('organisations/')) && !key.endsWith('.zip');

/** Thrown for a key that could escape the storage root or is otherwise malformed. */
export class InvalidStorageKeyError extends Error {
  constructor(readonly key: string) {
    super(`Invalid storage key: ${JSON.stringify(key.slice(0, 200))}`);
    this.name = 'InvalidStorageKeyError';
  }
}

const MAX_KEY_LENGTH = 512;
// No leading dot: rules out '.', '..' and hidden files (the local disk keeps its
// half-written temp files under dot names). No backslash, colon or '%', so no
// platform or URL decoding can turn a segment into a path step.
const SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9._-]*$/;
const PROFILE_ID = /^[A-Za-z0-9_-]{1,64}$/;
const FILE_PREFIX: Record<ImageKind, string> = { profileImage: 'image', profileLogo: 'logo', backgroundImage: 'background' };

/**
 * Whether `key` is a well-formed storage key: relative, '/'-separated, plain segments
 * (letters, digits, '.', '_', '-', no leading dot) and an extension of
 * STORAGE_CONTENT_TYPES. Such a key can never name a place outside the storage root.
 */
export function isValidStorageKey(key: string): boolean {
  if (key.length === 0 || key.length > MAX_KEY_LENGTH) return false;
  const segments = key.split('/');
  if (!segments.every((segment) => SEGMENT.test(segment))) return false;
  return contentTypeForKey(key) !== null;
}

/** The content type a key's extension stands for, or null for an unknown extension. */
export function contentTypeForKey(key: string): string | null {
  const dot = key.lastIndexOf('.');
  if (dot < 0 || key.indexOf('/', dot) >= 0) return null;
  const extension = key.slice(dot + 1);
  // hasOwn, or 'x.constructor' would find Object's own properties.
  return Object.hasOwn(STORAGE_CONTENT_TYPES, extension) ? STORAGE_CONTENT_TYPES[extension] : null;
}

/**
 * A fresh key for an upload, e.g. `profiles/abc123/image-k3Jx9_QwzP0a.jpg`. The random
 * part (72 bits) makes each upload's URL new, so it can be cached forever, and
 * unguessable from the profile id alone. `extension` comes from ProcessedImage.
 */
export function storageKeyFor(profileId: string, kind: ImageKind, extension: string): string {
  if (!PROFILE_ID.test(profileId)) throw new Error(`Not a profile id usable in a storage key: ${JSON.stringify(profileId)}`);
  if (!Object.hasOwn(STORAGE_CONTENT_TYPES, extension)) throw new Error(`No storage content type for extension ${JSON.stringify(extension)}`);
  return `profiles/${profileId}/${FILE_PREFIX[kind]}-${randomBytes(9).toString('base64url')}.${extension}`;
}

/** Issue 24: a fresh key for an organisation's brand logo, e.g. `organisations/abc123/logo-k3Jx9_QwzP0a.png`. */
export function organisationLogoKeyFor(organisationId: string, extension: string): string {
  if (!PROFILE_ID.test(organisationId)) throw new Error(`Not an id usable in a storage key: ${JSON.stringify(organisationId)}`);
  if (!Object.hasOwn(STORAGE_CONTENT_TYPES, extension)) throw new Error(`No storage content type for extension ${JSON.stringify(extension)}`);
  return `organisations/${organisationId}/logo-${randomBytes(9).toString('base64url')}.${extension}`;
}
