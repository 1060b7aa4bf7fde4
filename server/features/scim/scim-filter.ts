/**
 * The SCIM filter grammar of RFC 7644 §3.4.2.2 that identity providers send: comparisons
 * (`eq ne co sw ew gt ge lt le`), `pr`, `and`/`or`/`not` with parentheses, attribute paths with
 * a schema URN (`urn:…:enterprise:2.0:User:department`) and sub-attributes (`name.givenName`),
 * value paths (`emails[type eq "work"]`) and Entra ID's `emails[type eq "work"].value eq "…"`.
 * Pure: `parseFilter` throws `FilterError` on anything else (the route's 400 `invalidFilter`);
 * `matches` evaluates a parsed filter against a presented resource.
 */

export type CompareOp = 'eq' | 'ne' | 'co' | 'sw' | 'ew' | 'gt' | 'ge' | 'lt' | 'le';
export type Literal = string | number | boolean | null;

/** An attribute path: the schema URN (lower-cased, '' for the core schema) and the lower-cased names. */
export interface AttrPath {
  urn: string;
  names: string[];
}

export type Filter =
  | { kind: 'and' | 'or'; left: Filter; right: Filter }
  | { kind: 'not'; filter: Filter }
  | { kind: 'compare'; path: AttrPath; op: CompareOp; value: Literal }
  | { kind: 'present'; path: AttrPath }
  /** `path[filter]`, optionally followed by `.sub op value` or `.sub pr`. */
  | { kind: 'valuePath'; path: AttrPath; filter: Filter; then?: { sub: string; op: CompareOp | 'pr'; value: Literal } };

export class FilterError extends Error {}

const COMPARE_OPS = new Set<string>(['eq', 'ne', 'co', 'sw', 'ew', 'gt', 'ge', 'lt', 'le']);
const MAX_FILTER_LENGTH = 2000;
const MAX_DEPTH = 20;

type Token = { type: 'word'; text: string } | { type: 'string'; value: string } | { type: 'punct'; text: '(' | ')' | '[' | ']' };

function tokenize(input: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < input.length) {
    const ch = input[i];
    if (/\s/.test(ch)) {
      i++;
    } else if (ch === '(' || ch === ')' || ch === '[' || ch === ']') {
      tokens.push({ type: 'punct', text: ch });
      i++;
    } else if (ch === '"') {
      let j = i + 1;
      while (j < input.length && input[j] !== '"') j += input[j] === '\\' ? 2 : 1;
      if (j >= input.length) throw new FilterError('a string is not closed');
      try {
        tokens.push({ type: 'string', value: JSON.parse(input.slice(i, j + 1)) as string });
      } catch {
        throw new FilterError('a string holds an invalid escape');
      }
      i = j + 1;
    } else {
      const match = /^[^\s()[\]"]+/.exec(input.slice(i));
      if (!match) throw new FilterError(`unexpected character ${JSON.stringify(ch)}`);
      tokens.push({ type: 'word', text: match[0] });
      i += match[0].length;
    }
  }
  return tokens;
}

const ATTR_NAME = /^[A-Za-z$][\w$-]*$/;

/** `name.givenName`, `urn:ietf:params:scim:schemas:extension:enterprise:2.0:User:manager.value`. */
export function parseAttrPath(text: string): AttrPath {
  let urn = '';
  let rest = text;
  if (/^urn:/i.test(text)) {
    const colon = text.lastIndexOf(':');
    urn = text.slice(0, colon).toLowerCase();
    rest = text.slice(colon + 1);
  }
  const names = rest.split('.');
  if (!names.every((n) => ATTR_NAME.test(n)) || names.length > 2) throw new FilterError(`invalid attribute path ${JSON.stringify(text)}`);
  return { urn, names: names.map((n) => n.toLowerCase()) };
}

function literalOf(token: Token | undefined): Literal {
  if (!token) throw new FilterError('a comparison value is missing');
  if (token.type === 'string') return token.value;
  if (token.type === 'word') {
    const lower = token.text.toLowerCase();
    if (lower === 'true') return true;
    if (lower === 'false') return false;
    if (lower === 'null') return null;
    if (/^-?\d+(\.\d+)?([eE][+-]?\d+)?$/.test(token.text)) return Number(token.text);
  }
  throw new FilterError('a comparison value must be a quoted string, a number, true, false or null');
}

/** Parses a filter; throws `FilterError` naming what is wrong. */
export function parseFilter(input: string): Filter {
  if (input.length > MAX_FILTER_LENGTH) throw new FilterError(`a filter may have at most ${MAX_FILTER_LENGTH} characters`);
  const tokens = tokenize(input);
  let pos = 0;
  const peekWord = () => {
    const t = tokens[pos];
    return t?.type === 'word' ? t.text.toLowerCase() : undefined;
  };
  const expect = (text: string) => {
    const t = tokens[pos];
    if (t?.type !== 'punct' || t.text !== text) throw new FilterError(`expected ${text}`);
    pos++;
  };

  function orExpr(depth: number): Filter {
    if (depth > MAX_DEPTH) throw new FilterError('the filter is nested too deeply');
    let left = andExpr(depth);
    while (peekWord() === 'or') {
      pos++;
      left = { kind: 'or', left, right: andExpr(depth) };
    }
    return left;
  }
  function andExpr(depth: number): Filter {
    let left = unary(depth);
    while (peekWord() === 'and') {
      pos++;
      left = { kind: 'and', left, right: unary(depth) };
    }
    return left;
  }
  function unary(depth: number): Filter {
    if (peekWord() === 'not') {
      pos++;
      expect('(');
      const filter = orExpr(depth + 1);
      expect(')');
      return { kind: 'not', filter };
    }
    const t = tokens[pos];
    if (t?.type === 'punct' && t.text === '(') {
      pos++;
      const inner = orExpr(depth + 1);
      expect(')');
      return inner;
    }
    return attrExpr(depth);
  }
  function comparison(): { op: CompareOp | 'pr'; value: Literal } {
    const op = peekWord();
    if (!op || (op !== 'pr' && !COMPARE_OPS.has(op))) throw new FilterError('expected an operator (eq, ne, co, sw, ew, gt, ge, lt, le, pr)');
    pos++;
    if (op === 'pr') return { op, value: null };
    return { op: op as CompareOp, value: literalOf(tokens[pos++]) };
  }
  function attrExpr(depth: number): Filter {
    const t = tokens[pos];
    if (t?.type !== 'word') throw new FilterError('expected an attribute name');
    pos++;
    const next = tokens[pos];
    if (next?.type === 'punct' && next.text === '[') {
      const path = parseAttrPath(t.text);
      pos++;
      const filter = orExpr(depth + 1);
      expect(']');
      const after = tokens[pos];
      if (after?.type === 'word' && after.text.startsWith('.')) {
        pos++;
        const sub = after.text.slice(1);
        if (!ATTR_NAME.test(sub)) throw new FilterError(`invalid sub-attribute ${JSON.stringify(sub)}`);
        return { kind: 'valuePath', path, filter, then: { sub: sub.toLowerCase(), ...comparison() } };
      }
      return { kind: 'valuePath', path, filter };
    }
    const path = parseAttrPath(t.text);
    const { op, value } = comparison();
    if (op === 'pr') return { kind: 'present', path };
    if (typeof value === 'boolean' || value === null ? op !== 'eq' && op !== 'ne' : false) {
      throw new FilterError(`${op} does not compare with ${String(value)}`);
    }
    return { kind: 'compare', path, op, value };
  }

  if (!tokens.length) throw new FilterError('the filter is empty');
  const filter = orExpr(0);
  if (pos < tokens.length) throw new FilterError('unexpected text after the filter');
  return filter;
}

/** Attributes compared exactly (RFC 7643: caseExact); every other string ignores case. */
const CASE_EXACT = new Set(['id', 'externalid', 'value']);
const CORE_URNS = new Set(['urn:ietf:params:scim:schemas:core:2.0:user', 'urn:ietf:params:scim:schemas:core:2.0:group']);

/** The value of a key, found case-insensitively (SCIM attribute names ignore case). */
function keyOf(obj: unknown, name: string): unknown {
  if (!obj || typeof obj !== 'object' || Array.isArray(obj)) return undefined;
  for (const [k, v] of Object.entries(obj)) if (k.toLowerCase() === name) return v;
  return undefined;
}

/** Every value at `path` in `resource` (multi-valued attributes flattened). */
export function valuesAt(resource: Record<string, unknown>, path: AttrPath): unknown[] {
  let base: unknown = resource;
  if (path.urn && !CORE_URNS.has(path.urn)) base = keyOf(resource, path.urn);
  let current: unknown[] = [base];
  for (const name of path.names) {
    current = current.flatMap((v) => (Array.isArray(v) ? v : [v])).map((v) => keyOf(v, name));
  }
  return current.flatMap((v) => (Array.isArray(v) ? v : [v])).filter((v) => v !== undefined && v !== null);
}

const isDate = (s: string) => /^\d{4}-\d{2}-\d{2}T/.test(s) && !Number.isNaN(Date.parse(s));

function compareOne(actual: unknown, op: CompareOp, expected: Literal, caseExact: boolean): boolean {
  // A complex value compared as a whole compares its `value` (RFC 7644 §3.4.2.2, e.g. `emails co "@x"`).
  if (actual && typeof actual === 'object') actual = keyOf(actual, 'value');
  if (actual === undefined || actual === null) return op === 'ne' ? expected !== null : expected === null && op === 'eq';
  if (typeof expected === 'boolean' || expected === null) {
    const same = typeof actual === 'boolean' ? actual === expected : String(actual).toLowerCase() === String(expected);
    return op === 'eq' ? same : !same;
  }
  if (typeof expected === 'number' || typeof actual === 'number') {
    const a = Number(actual);
    const e = Number(expected);
    return ({ eq: a === e, ne: a !== e, gt: a > e, ge: a >= e, lt: a < e, le: a <= e } as Record<string, boolean>)[op] ?? false;
  }
  let a = String(actual);
  let e = expected;
  if (isDate(a) && isDate(e) && ['gt', 'ge', 'lt', 'le', 'eq', 'ne'].includes(op)) {
    const [x, y] = [Date.parse(a), Date.parse(e)];
    return { eq: x === y, ne: x !== y, gt: x > y, ge: x >= y, lt: x < y, le: x <= y, co: false, sw: false, ew: false }[op];
  }
  if (!caseExact) {
    a = a.toLowerCase();
    e = e.toLowerCase();
  }
  switch (op) {
    case 'eq':
      return a === e;
    case 'ne':
      return a !== e;
    case 'co':
      return a.includes(e);
    case 'sw':
      return a.startsWith(e);
    case 'ew':
      return a.endsWith(e);
    case 'gt':
      return a > e;
    case 'ge':
      return a >= e;
    case 'lt':
      return a < e;
    case 'le':
      return a <= e;
  }
}

function compareAt(values: unknown[], op: CompareOp, expected: Literal, lastName: string): boolean {
  const caseExact = CASE_EXACT.has(lastName);
  if (op === 'ne') return values.length === 0 ? expected !== null : !values.some((v) => compareOne(v, 'eq', expected, caseExact));
  if (values.length === 0) return false;
  return values.some((v) => compareOne(v, op, expected, caseExact));
}

const hasValue = (v: unknown) => v !== '' && !(Array.isArray(v) && v.length === 0) && !(typeof v === 'object' && v !== null && !Object.keys(v).length);

/** True when the presented resource matches the filter. */
export function matches(filter: Filter, resource: Record<string, unknown>): boolean {
  switch (filter.kind) {
    case 'and':
      return matches(filter.left, resource) && matches(filter.right, resource);
    case 'or':
      return matches(filter.left, resource) || matches(filter.right, resource);
    case 'not':
      return !matches(filter.filter, resource);
    case 'present':
      return valuesAt(resource, filter.path).some(hasValue);
    case 'compare':
      return compareAt(valuesAt(resource, filter.path), filter.op, filter.value, filter.path.names[filter.path.names.length - 1]);
    case 'valuePath': {
      const elements = valuesAt(resource, filter.path).filter((v): v is Record<string, unknown> => typeof v === 'object' && v !== null);
      const chosen = elements.filter((e) => matches(filter.filter, e));
      if (!filter.then) return chosen.length > 0;
      const { sub, op, value } = filter.then;
      const subValues = chosen.map((e) => keyOf(e, sub)).filter((v) => v !== undefined && v !== null);
      return op === 'pr' ? subValues.some(hasValue) : compareAt(subValues, op, value, sub);
    }
  }
}

/**
 * The userName (or displayName) a filter pins with `eq` at its top, or through `and`: the
 * repository then reads one row by its index instead of the organisation's whole list.
 */
export function pinnedEq(filter: Filter, attribute: string): string | undefined {
  if (filter.kind === 'compare' && filter.op === 'eq' && typeof filter.value === 'string' && !filter.path.urn.includes('extension')) {
    if (filter.path.names.length === 1 && filter.path.names[0] === attribute) return filter.value;
  }
  if (filter.kind === 'and') return pinnedEq(filter.left, attribute) ?? pinnedEq(filter.right, attribute);
  return undefined;
}
