/**
 * What other features may use of capture (issue 36; only through this file): the fields' reading
 * of a code's text, which needs no OCR, and the fields' shape.
 */
export { parseCode, type ParsedCode, type ProductLink } from './code.parser.ts';
export { CodeReadError, type CodeProblem } from './code-read-error.ts';
export type { CaptureService } from './capture.service.ts';
export type { CaptureFields } from './capture-fields.ts';
/** Issue 34: the feature as server/wiring.ts composes it, and its services' type (what its routes receive). */
export { createCaptureFeature, type CaptureServices } from './capture.feature.ts';
