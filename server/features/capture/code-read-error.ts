/** What was wrong with a code's text; the service answers each as a 400 naming the field `text`. */
export type CodeProblem =
  /** Longer than MAX_CODE_TEXT_BYTES. */
  | 'too-long'
  /** Nothing but white space. */
  | 'empty'
  /** None of the formats the parser knows (an event system's id, a web address of another product). */
  | 'unknown-format'
  /** A known format that is cut off or malformed (no END:VCARD, a line without a colon, a bad escape). */
  | 'broken'
  /** A well-formed code without a name, e-mail address or phone number in it. */
  | 'no-contact';

/** Thrown by the code parser: the problem as a code and a sentence that says where it is. */
export class CodeReadError extends Error {
  constructor(
    readonly problem: CodeProblem,
    message: string,
  ) {
    super(message);
    this.name = 'CodeReadError';
  }
}
