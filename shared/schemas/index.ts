/** Request and response schemas shared by the server, the owner app and the OpenAPI document. */
export * from './common.schema.ts';
export * from './link.schema.ts';
export * from './profile.schema.ts';
export * from './card.schema.ts';
export * from './visit-source.schema.ts';
export * from './stats.schema.ts';
