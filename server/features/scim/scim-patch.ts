import { z } from 'zod';
import { SCIM_SCHEMAS, type ScimPatchOperation } from '../../../shared/schemas/scim.schema.ts';
import { scimBadRequest, ScimError } from './scim-error.ts';
import { FilterError, matches, parseFilter, type Filter } from './scim-filter.ts';
import { canonicalise, childOf } from './scim-resource.ts';

/**
 * RFC 7644 §3.5.2 PATCH on a resource's attributes (canonical names, no id or meta), as Entra ID
 * and Okta send it: `add`, `replace` and `remove` in any case, with or without a path; paths
 * `active`, `name.givenName`, `emails[type eq "work"].value`, `members[value eq "…"]` and the
 * enterprise extension's `urn:…:enterprise:2.0:User:department`. Pure: answers the changed copy,
 * which the caller validates as a whole; throws SCIM 400s (`invalidPath`, `noTarget`,
 * `mutability`, `invalidValue`).
 */
type Json = Record<string, unknown>;

const READ_ONLY = new Set(['id', 'meta', 'schemas', 'groups']);
const CORE_PREFIXES = [SCIM_SCHEMAS.user, SCIM_SCHEMAS.group].map((u) => `${u.toLowerCase()}:`);

interface Target {
  /** Canonical keys from the root to the object that holds `attr`. */
  prefix: string[];
  attr: string;
  attrSchema: z.ZodType;
  filter?: Filter;
  sub?: { key: string; schema: z.ZodType };
}

function isObject(v: unknown): v is Json {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function unwrapped(schema: z.ZodType): z.ZodType {
  let s = schema;
  while (s instanceof z.ZodOptional || s instanceof z.ZodNullable || s instanceof z.ZodDefault)
    s = (s instanceof z.ZodDefault ? s.def.innerType : s.unwrap()) as z.ZodType;
  return s;
}
const isArraySchema = (s: z.ZodType) => unwrapped(s) instanceof z.ZodArray;
const isObjectSchema = (s: z.ZodType) => unwrapped(s) instanceof z.ZodObject;

function resolve(path: string, schema: z.ZodType): Target {
  let rest = path.trim();
  const prefix: string[] = [];
  let scope: z.ZodType = schema;
  const lower = rest.toLowerCase();
  const core = CORE_PREFIXES.find((p) => lower.startsWith(p));
  if (core) rest = rest.slice(core.length);
  else if (lower.startsWith('urn:')) {
    const ext = childOf(schema, lower.startsWith(SCIM_SCHEMAS.enterprise.toLowerCase()) ? SCIM_SCHEMAS.enterprise : rest);
    if (!ext) throw scimBadRequest('invalidPath', `Unknown schema in path ${JSON.stringify(path)}.`);
    const after = rest.slice(ext.key.length);
    if (!after) return { prefix: [], attr: ext.key, attrSchema: ext.schema };
    if (!after.startsWith(':')) throw scimBadRequest('invalidPath', `Invalid path ${JSON.stringify(path)}.`);
    prefix.push(ext.key);
    scope = ext.schema;
    rest = after.slice(1);
  }
  const match = /^([A-Za-z$][\w$-]*)(?:\[(.*)\])?(?:\.([A-Za-z$][\w$-]*))?$/s.exec(rest);
  if (!match) throw scimBadRequest('invalidPath', `Invalid path ${JSON.stringify(path)}.`);
  const [, name, filterText, subName] = match;
  if (READ_ONLY.has(name.toLowerCase())) throw new ScimError(400, `${name} cannot be changed.`, 'mutability');
  const attr = childOf(scope, name);
  if (!attr) throw scimBadRequest('invalidPath', `Unknown attribute ${JSON.stringify(name)} in path.`);
  let filter: Filter | undefined;
  if (filterText !== undefined) {
    if (!isArraySchema(attr.schema)) throw scimBadRequest('invalidPath', `${attr.key} is not multi-valued.`);
    try {
      filter = parseFilter(filterText);
    } catch (e) {
      if (e instanceof FilterError) throw scimBadRequest('invalidPath', `Invalid filter in path: ${e.message}.`);
      throw e;
    }
  }
  let sub: Target['sub'];
  if (subName) {
    const child = childOf(attr.schema, subName);
    if (!child) throw scimBadRequest('invalidPath', `Unknown sub-attribute ${JSON.stringify(subName)} of ${attr.key}.`);
    sub = { key: child.key, schema: child.schema };
  }
  return { prefix, attr: attr.key, attrSchema: attr.schema, filter, sub };
}

/** What a filter of a new element says it is: `emails[type eq "work"]` makes `{type: "work"}`. */
function seedOf(filter: Filter): Json {
  if (filter.kind === 'compare' && filter.op === 'eq' && filter.path.names.length === 1) return { [filter.path.names[0]]: filter.value };
  if (filter.kind === 'and') return { ...seedOf(filter.left), ...seedOf(filter.right) };
  return {};
}

/** A primitive given for a complex attribute (Entra ID's `manager: "id"`) is its `value`. */
function shaped(value: unknown, schema: z.ZodType): unknown {
  const s = unwrapped(schema);
  if (s instanceof z.ZodObject && !isObject(value) && value !== null && childOf(s, 'value')) return { value };
  return canonicalise(value, schema);
}

const sameValue = (a: unknown, b: unknown) => isObject(a) && isObject(b) && a.value !== undefined && String(a.value) === String(b.value);

function applyOne(root: Json, op: ScimPatchOperation, schema: z.ZodType): void {
  const kind = op.op;
  if (!op.path) {
    if (kind === 'remove') throw scimBadRequest('noTarget', 'A remove needs a path.');
    if (!isObject(op.value)) throw scimBadRequest('invalidValue', `An ${kind} without a path needs an object value.`);
    for (const [key, value] of Object.entries(op.value)) {
      // Entra ID puts paths as keys ("name.givenName", "urn:…:User:department"); a schema URN key holds an object;
      // Okta repeats the unchanged id.
      if (['schemas', 'id', 'meta'].includes(key.toLowerCase())) continue;
      const ext = childOf(schema, key);
      if (ext && isObjectSchema(ext.schema) && isObject(value) && key.toLowerCase().startsWith('urn:')) {
        for (const [k, v] of Object.entries(value)) applyOne(root, { op: kind, path: `${ext.key}:${k}`, value: v }, schema);
      } else applyOne(root, { op: kind, path: key, value }, schema);
    }
    return;
  }
  const t = resolve(op.path, schema);
  // Issue 33: `active` always has a state here (a membership or none); removing it would leave
  // neither, and answering 200 while nothing changed would lie (RFC 7644 §3.5.2: an operation the
  // attribute does not allow is 400 `mutability`).
  if (kind === 'remove' && !t.prefix.length && t.attr === 'active')
    throw new ScimError(400, 'active cannot be removed: replace it with false to deactivate the user.', 'mutability');
  let holder: Json = root;
  for (const key of t.prefix) {
    if (!isObject(holder[key])) {
      if (kind === 'remove') return;
      holder[key] = {};
    }
    holder = holder[key] as Json;
  }
  const current = holder[t.attr];
  if (t.filter) {
    const list = Array.isArray(current) ? (current as unknown[]) : [];
    const hit = (e: unknown) => isObject(e) && matches(t.filter!, e);
    if (kind === 'remove') {
      if (t.sub) for (const e of list) if (hit(e)) delete (e as Json)[t.sub.key];
      holder[t.attr] = t.sub ? list : list.filter((e) => !hit(e));
      return;
    }
    const value = t.sub ? shaped(op.value, t.sub.schema) : canonicalise(op.value, t.attrSchema);
    if (!t.sub && !isObject(value)) throw scimBadRequest('invalidValue', `${op.path}: the value must be an object.`);
    const found = list.filter(hit);
    if (found.length) {
      for (const e of found) Object.assign(e as Json, t.sub ? { [t.sub.key]: value } : (value as Json));
    } else {
      list.push({ ...(canonicalise([seedOf(t.filter)], t.attrSchema) as Json[])[0], ...(t.sub ? { [t.sub.key]: value } : (value as Json)) });
    }
    holder[t.attr] = list;
    return;
  }
  if (t.sub) {
    if (kind === 'remove') {
      if (isObject(current)) delete current[t.sub.key];
      return;
    }
    if (isArraySchema(t.attrSchema))
      throw scimBadRequest('invalidPath', `${op.path}: name an element with a filter, e.g. ${t.attr}[type eq "work"].${t.sub.key}.`);
    holder[t.attr] = { ...(isObject(current) ? current : {}), [t.sub.key]: shaped(op.value, t.sub.schema) };
    return;
  }
  if (kind === 'remove') {
    // Azure and Okta remove group members by value: `{op: remove, path: members, value: [{value: id}]}`.
    if (Array.isArray(current) && op.value !== undefined) {
      const gone = Array.isArray(op.value) ? op.value : [op.value];
      holder[t.attr] = current.filter((e) => !gone.some((g) => sameValue(e, g)));
    } else delete holder[t.attr];
    return;
  }
  if (isArraySchema(t.attrSchema)) {
    const values = canonicalise(Array.isArray(op.value) ? op.value : [op.value], t.attrSchema) as unknown[];
    if (kind === 'replace') holder[t.attr] = values;
    else {
      const list = Array.isArray(current) ? [...(current as unknown[])] : [];
      for (const v of values) if (!list.some((e) => sameValue(e, v))) list.push(v);
      holder[t.attr] = list;
    }
    return;
  }
  const value = shaped(op.value, t.attrSchema);
  holder[t.attr] = isObjectSchema(t.attrSchema) && isObject(value) && isObject(current) ? { ...current, ...value } : value;
}

/** Applies the operations in order to a copy of `resource`; the caller validates the result. */
export function applyPatch(resource: Json, operations: readonly ScimPatchOperation[], schema: z.ZodType): Json {
  const copy = structuredClone(resource);
  for (const op of operations) applyOne(copy, op, schema);
  return copy;
}
