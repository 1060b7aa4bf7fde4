import { SCIM_SCHEMAS } from '../../../shared/schemas/scim.schema.ts';
import { SCIM_MAX_RESULTS } from './scim-user.service.ts';

/**
 * RFC 7644 §4's discovery documents: what this service provider supports (PATCH, filters,
 * ETags; no bulk, sorting or password change), its two resource types and their schemas
 * (RFC 7643 §7), each with `meta.location` under `baseUrl`.
 */
const meta = (baseUrl: string, resourceType: string, path: string) => ({ resourceType, location: `${baseUrl}${path}` });

export function serviceProviderConfig(baseUrl: string) {
  return {
    schemas: ['urn:ietf:params:scim:schemas:core:2.0:ServiceProviderConfig'],
    documentationUri: `${baseUrl.replace(/\/scim\/v2$/, '')}/docs`,
    patch: { supported: true },
    bulk: { supported: false, maxOperations: 0, maxPayloadSize: 0 },
    filter: { supported: true, maxResults: SCIM_MAX_RESULTS },
    changePassword: { supported: false },
    sort: { supported: false },
    etag: { supported: true },
    authenticationSchemes: [
      {
        type: 'oauthbearertoken',
        name: 'OAuth Bearer Token',
        description: "A SCIM token made by an owner or admin in the Team area; it sees only its organisation's users and groups.",
        primary: true,
      },
    ],
    meta: meta(baseUrl, 'ServiceProviderConfig', '/ServiceProviderConfig'),
  };
}

const USER_TYPE = {
  id: 'User',
  name: 'User',
  endpoint: '/Users',
  description: 'A member of the organisation',
  schema: SCIM_SCHEMAS.user,
  schemaExtensions: [{ schema: SCIM_SCHEMAS.enterprise, required: false }],
};
const GROUP_TYPE = { id: 'Group', name: 'Group', endpoint: '/Groups', description: 'A group of members', schema: SCIM_SCHEMAS.group };

export function resourceTypes(baseUrl: string) {
  return [USER_TYPE, GROUP_TYPE].map((t) => ({
    schemas: ['urn:ietf:params:scim:schemas:core:2.0:ResourceType'],
    ...t,
    meta: meta(baseUrl, 'ResourceType', `/ResourceTypes/${t.id}`),
  }));
}

type Attr = {
  name: string;
  type: 'string' | 'boolean' | 'complex' | 'reference' | 'dateTime';
  /** For a reference: what it may point at (RFC 7643 §7 `referenceTypes`). */
  referenceTypes?: string[];
  multiValued?: boolean;
  required?: boolean;
  caseExact?: boolean;
  mutability?: 'readOnly' | 'readWrite' | 'immutable';
  uniqueness?: 'none' | 'server';
  subAttributes?: Attr[];
};
const attr = (a: Attr): Record<string, unknown> => ({
  name: a.name,
  type: a.type,
  multiValued: a.multiValued ?? false,
  description: '',
  required: a.required ?? false,
  caseExact: a.caseExact ?? false,
  mutability: a.mutability ?? 'readWrite',
  returned: 'default',
  uniqueness: a.uniqueness ?? 'none',
  ...(a.referenceTypes ? { referenceTypes: a.referenceTypes } : {}),
  ...(a.subAttributes ? { subAttributes: a.subAttributes.map(attr) } : {}),
});
const s = (name: string, extra: Partial<Attr> = {}): Attr => ({ name, type: 'string', ...extra });
const multi = (name: string): Attr => ({
  name,
  type: 'complex',
  multiValued: true,
  subAttributes: [s('value'), s('type'), s('display'), { name: 'primary', type: 'boolean' }],
});

const SCHEMAS = [
  {
    id: SCIM_SCHEMAS.user,
    name: 'User',
    description: 'User Account',
    attributes: [
      s('userName', { required: true, uniqueness: 'server' }),
      s('externalId', { caseExact: true }),
      {
        name: 'name',
        type: 'complex',
        subAttributes: ['formatted', 'familyName', 'givenName', 'middleName', 'honorificPrefix', 'honorificSuffix'].map((n) => s(n)),
      },
      ...['displayName', 'nickName', 'profileUrl', 'title', 'userType', 'preferredLanguage', 'locale', 'timezone'].map((n) => s(n)),
      { name: 'active', type: 'boolean' },
      multi('emails'),
      multi('phoneNumbers'),
      {
        name: 'addresses',
        type: 'complex',
        multiValued: true,
        subAttributes: [
          ...['formatted', 'streetAddress', 'locality', 'region', 'postalCode', 'country', 'type'].map((n) => s(n)),
          { name: 'primary', type: 'boolean' },
        ],
      },
      {
        name: 'groups',
        type: 'complex',
        multiValued: true,
        mutability: 'readOnly',
        // Every sub-attribute the answers carry (issue 33: strict clients check answers against these).
        subAttributes: [
          s('value', { mutability: 'readOnly' }),
          { name: '$ref', type: 'reference', referenceTypes: ['Group'], mutability: 'readOnly' },
          s('display', { mutability: 'readOnly' }),
        ],
      },
    ] as Attr[],
  },
  {
    id: SCIM_SCHEMAS.enterprise,
    name: 'EnterpriseUser',
    description: 'Enterprise User',
    attributes: [
      ...['employeeNumber', 'costCenter', 'organization', 'division', 'department'].map((n) => s(n)),
      {
        name: 'manager',
        type: 'complex',
        subAttributes: [s('value'), { name: '$ref', type: 'reference', referenceTypes: ['User'] }, s('displayName', { mutability: 'readOnly' })],
      },
    ] as Attr[],
  },
  {
    id: SCIM_SCHEMAS.group,
    name: 'Group',
    description: 'Group',
    attributes: [
      s('displayName', { required: true, uniqueness: 'server' }),
      s('externalId', { caseExact: true }),
      {
        name: 'members',
        type: 'complex',
        multiValued: true,
        // Every sub-attribute the answers carry (issue 33: strict clients refused answers with `$ref` and `type`).
        subAttributes: [
          s('value', { mutability: 'immutable' }),
          { name: '$ref', type: 'reference', referenceTypes: ['User', 'Group'], mutability: 'immutable' },
          s('type', { mutability: 'immutable' }),
          s('display', { mutability: 'readOnly' }),
        ],
      },
    ] as Attr[],
  },
];

export function schemaDocuments(baseUrl: string) {
  return SCHEMAS.map((schema) => ({
    schemas: ['urn:ietf:params:scim:schemas:core:2.0:Schema'],
    id: schema.id,
    name: schema.name,
    description: schema.description,
    attributes: schema.attributes.map(attr),
    meta: meta(baseUrl, 'Schema', `/Schemas/${schema.id}`),
  }));
}
