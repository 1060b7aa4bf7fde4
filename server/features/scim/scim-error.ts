import { SCIM_SCHEMAS } from '../../../shared/schemas/scim.schema.ts';

/** RFC 7644 §3.12's `scimType`s this service answers. */
export type ScimType =
  'invalidFilter' | 'invalidValue' | 'invalidSyntax' | 'invalidPath' | 'noTarget' | 'uniqueness' | 'mutability' | 'tooMany' | 'invalidVers';

/**
 * A SCIM failure: the SCIM routes' error handler answers it in RFC 7644's error schema
 * (`status` as a string), never in D4's shape.
 */
export class ScimError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string,
    readonly scimType?: ScimType,
    /** For 429s: seconds until the client may try again. */
    readonly retryAfterSeconds?: number,
  ) {
    super(detail);
    this.name = 'ScimError';
  }
  toBody() {
    return { schemas: [SCIM_SCHEMAS.error], status: String(this.status), ...(this.scimType ? { scimType: this.scimType } : {}), detail: this.detail };
  }
}

export const scimBadRequest = (scimType: ScimType, detail: string) => new ScimError(400, detail, scimType);
export const scimNotFound = (what: string) => new ScimError(404, `${what} not found.`);
