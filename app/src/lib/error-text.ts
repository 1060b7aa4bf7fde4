import type { TFunction } from 'i18next';
import { ApiRequestError } from './api-client.ts';

/** The text of any failure for a toast (SPEC 8: "other failures show the error message"). */
export function errorMessage(error: unknown, t: TFunction<'molecules'>): string {
  if (error instanceof ApiRequestError) {
    if (error.status === 0) return t('errors.network');
    return error.message || t('errors.unknown');
  }
  return error instanceof Error && error.message ? error.message : t('errors.unknown');
}

/** SPEC 8, card register and change: 'Error-Code: {status} {detail}'. */
export function errorCodeMessage(error: unknown, t: TFunction<'molecules'>): string {
  if (error instanceof ApiRequestError && error.status > 0) {
    return t('errors.error_code', { status: error.status, detail: error.detail });
  }
  return errorMessage(error, t);
}
