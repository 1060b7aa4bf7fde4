import { SCIM_SCHEMAS } from '../../../shared/schemas/scim.schema.ts';
import { scimBadRequest } from './scim-error.ts';

/**
 * RFC 7644 §3.4.2.5 and §3.9: `attributes` (only these) and `excludedAttributes` (all but these)
 * on every answer that holds Users or Groups (a single resource, a list, the answer of a create,
 * replace or PATCH). Names ignore case and may be qualified by their schema's URN
 * (`urn:…:core:2.0:User:userName`, `urn:…:enterprise:2.0:User:department`) or name a
 * sub-attribute (`name.givenName`, `members.value`). `id` and `schemas` are always returned
 * (`id` is "returned: always" in RFC 7643; `schemas` says what the answer is). Entra ID asks
 * `excludedAttributes=members` for every group it reads (issue 33). Pure: the routes apply it.
 */
type Json = Record<string, unknown>;
/** Per key (lower-case): the whole attribute (true) or some of its sub-attributes. */
type Tree = Map<string, true | Tree>;
export interface Projection {
  mode: 'only' | 'without';
  tree: Tree;
}

const MAX_NAMES = 100;
const ALWAYS = new Set(['id', 'schemas']);
const CORE = [SCIM_SCHEMAS.user, SCIM_SCHEMAS.group].map((urn) => `${urn.toLowerCase()}:`);
const EXTENSIONS = [SCIM_SCHEMAS.enterprise.toLowerCase()];

/** The key path of one attribute name: `[attribute]`, `[attribute, sub]`, or under an extension's URN. */
function pathOf(name: string): string[] {
  const lower = name.trim().toLowerCase();
  const core = CORE.find((prefix) => lower.startsWith(prefix));
  if (core) return lower.slice(core.length).split('.');
  const extension = EXTENSIONS.find((urn) => lower === urn || lower.startsWith(`${urn}:`));
  if (extension) return lower === extension ? [extension] : [extension, ...lower.slice(extension.length + 1).split('.')];
  return lower.split('.');
}

function add(tree: Tree, path: string[]) {
  const [head, ...rest] = path;
  if (!head) return;
  if (!rest.length) return void tree.set(head, true);
  const current = tree.get(head);
  if (current === true) return;
  const child: Tree = current ?? new Map();
  tree.set(head, child);
  add(child, rest);
}

/** The projection a request asks for, or undefined for whole resources; both parameters at once is 400 `invalidSyntax`. */
export function projectionOf(query: { attributes?: string; excludedAttributes?: string }): Projection | undefined {
  const only = query.attributes?.trim();
  const without = query.excludedAttributes?.trim();
  if (only && without) throw scimBadRequest('invalidSyntax', 'attributes and excludedAttributes cannot be used together.');
  const list = only || without;
  if (!list) return undefined;
  const names = list.split(',').filter((n) => n.trim());
  if (names.length > MAX_NAMES) throw scimBadRequest('invalidValue', `At most ${MAX_NAMES} attribute names.`);
  const tree: Tree = new Map();
  for (const name of names) add(tree, pathOf(name));
  return { mode: only ? 'only' : 'without', tree };
}

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const entryOf = (tree: Tree, key: string) => tree.get(key.toLowerCase());

function only(value: Json, tree: Tree): Json {
  const out: Json = {};
  for (const [key, v] of Object.entries(value)) {
    const entry = entryOf(tree, key);
    if (entry === true) out[key] = v;
    else if (entry && Array.isArray(v)) {
      const picked = v.filter(isObject).map((element) => only(element, entry));
      if (picked.some((element) => Object.keys(element).length)) out[key] = picked;
    } else if (entry && isObject(v)) {
      const picked = only(v, entry);
      if (Object.keys(picked).length) out[key] = picked;
    }
  }
  return out;
}

function without(value: Json, tree: Tree): Json {
  const out: Json = {};
  for (const [key, v] of Object.entries(value)) {
    const entry = entryOf(tree, key);
    if (entry === true) continue;
    if (entry && Array.isArray(v)) out[key] = v.map((element) => (isObject(element) ? without(element, entry) : element));
    else if (entry && isObject(v)) out[key] = without(v, entry);
    else out[key] = v;
  }
  return out;
}

/** One resource as the projection asks. */
export function project(resource: Json, projection: Projection | undefined): Json {
  if (!projection) return resource;
  const kept = projection.mode === 'only' ? only(resource, projection.tree) : without(resource, projection.tree);
  const always = Object.fromEntries(Object.entries(resource).filter(([key]) => ALWAYS.has(key)));
  return { ...always, ...kept };
}

/** A list answer (RFC 7644 §3.4.2) with each of its resources projected. */
export function projectList<T extends { Resources: Json[] }>(list: T, projection: Projection | undefined): T {
  return projection ? { ...list, Resources: list.Resources.map((r) => project(r, projection)) } : list;
}
