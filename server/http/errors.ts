import { ErrorCode, type ErrorCodeValue, type AuthErrorCodeValue } from '../../shared/error-codes.ts';
import type { ApiError } from '../../shared/schemas/common.schema.ts';

/**
 * An expected failure with its HTTP status and D4 code. Services throw these; the error
 * handler in server/http/error-handler.ts turns them into the JSON answer.
 */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCodeValue | AuthErrorCodeValue,
    message: string,
    /** The request field at fault, for 400s (D4: "a 400 that names the field"). */
    readonly field?: string,
    /** For 429s: seconds until the client may try again, sent as `Retry-After`. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'AppError';
  }

  toBody(): ApiError {
    return {
      status: this.status,
      code: this.code,
      message: this.message,
      detail: this.message,
      ...(this.field ? { field: this.field } : {}),
    };
  }
}

export const badInput = (field: string, message: string) => new AppError(400, ErrorCode.invalidInput, `${field}: ${message}`, field);
export const notFound = (code: ErrorCodeValue, message: string) => new AppError(404, code, message);
export const conflict = (code: ErrorCodeValue, message: string) => new AppError(409, code, message);

/** The one "profile not found" (SPEC 8 cmc/profile-not-found): unknown, deleted, another owner's, or not public. */
export const profileNotFound = () => notFound(ErrorCode.profileNotFound, 'Profile not found.');
