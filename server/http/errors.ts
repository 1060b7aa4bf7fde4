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

/**
 * The one "profile not found" (SPEC 8 cmc/profile-not-found): unknown, deleted, another owner's, or
 * not public. `field`: the request field that named it, for calls that answer it (D4).
 */
export const profileNotFound = (field?: string) =>
  new AppError(404, ErrorCode.profileNotFound, field ? `${field}: no such profile of yours.` : 'Profile not found.', field);

/**
 * Issue 26: a colour refused for its contrast, 400 `cmc/low-contrast` naming the field, with the
 * reason ("contrast 2.1:1 against white button text (#ffffff), needs 4.5:1") and the nearest
 * colour of the same hue that passes as `suggestion` (shared/page-theme.ts).
 */
export class ContrastError extends AppError {
  constructor(
    field: string,
    reason: string,
    readonly suggestion: string | null,
  ) {
    super(400, ErrorCode.lowContrast, `${field}: ${reason}${suggestion ? `; ${suggestion} would pass` : ''}`, field);
  }

  override toBody(): ApiError {
    return { ...super.toBody(), ...(this.suggestion ? { suggestion: this.suggestion } : {}) };
  }
}

/** Throws the first of a check's contrast problems, if any. */
export function refuseContrast(problems: ReadonlyArray<{ field: string; reason: string; suggestion: string | null }>): void {
  const first = problems[0];
  if (first) throw new ContrastError(first.field, first.reason, first.suggestion);
}
