import type { FastifyError, FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { bearerToken } from '../../auth/bearer-token.ts';
import { AppError } from '../../http/errors.ts';
import { drainRequest } from '../../http/drain-request.ts';
import { ScimError, scimNotFound } from './scim-error.ts';
import { project, projectionOf, projectList } from './scim-projection.ts';
import { resourceTypes, schemaDocuments, serviceProviderConfig } from './scim-discovery.ts';
import type { ScimContext } from './scim-token.service.ts';
import type { ScimServices } from './scim.feature.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the SCIM routes' bearer check: the token's organisation. */
    scim: ScimContext | null;
  }
}

const SCIM_TYPE = 'application/scim+json; charset=utf-8';
type Query = { filter?: string; startIndex?: string; count?: string; attributes?: string; excludedAttributes?: string };
type Params = { id: string };

/** Any failure of these routes as RFC 7644's error (`status` a string); Fastify's own (bad JSON, body too large, media type) and ours alike. */
function installScimErrors(app: FastifyInstance) {
  app.setErrorHandler(async (error: FastifyError | AppError | ScimError, request, reply) => {
    let scim: ScimError;
    if (error instanceof ScimError) scim = error;
    else if (error instanceof AppError)
      scim = new ScimError(error.status, error.message, error.status === 409 ? 'mutability' : undefined, error.retryAfterSeconds);
    else {
      const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
      if (status === 413) await drainRequest(request.raw);
      if (status >= 500) request.log.error({ err: error }, 'SCIM request failed');
      scim =
        status >= 500
          ? new ScimError(500, 'Something went wrong on our side. Please try again.')
          : new ScimError(status, status === 413 ? 'The request is too large.' : error.message, status === 400 ? 'invalidSyntax' : undefined);
    }
    if (scim.retryAfterSeconds) reply.header('retry-after', String(scim.retryAfterSeconds));
    if (scim.status === 401) reply.header('www-authenticate', 'Bearer realm="scim"');
    return reply.status(scim.status).type(SCIM_TYPE).send(scim.toBody());
  });
}

/**
 * Issue 27: the SCIM 2.0 service provider under `/scim/v2` (docs/scim.md). Bodies as
 * `application/scim+json` or `application/json`, answers as `application/scim+json`, every
 * error in SCIM's error schema (this plugin's own handler: D4's does not answer here). Every
 * request carries an organisation's SCIM bearer token; `onIdentityChange` drops remembered
 * sessions on every instance after an offboarding.
 */
const scimRoutes: FastifyPluginAsync<{
  services: Pick<ScimServices, 'scimGroups' | 'scimTokens' | 'scimUsers'>;
  onIdentityChange: (tellOthers: boolean) => Promise<void>;
}> = async (app, { services, onIdentityChange }) => {
  installScimErrors(app);
  // Issue 33: a request without a body is no body, whatever its Content-Type says (Entra ID's
  // DELETE carries `Content-Type: application/scim+json` and nothing else); a POST, PUT or PATCH
  // without one is then refused by its own validation, in SCIM's error form.
  const json = app.getDefaultJsonParser('error', 'error');
  const orEmpty: typeof json = (request, body, done) => (body === '' ? done(null, undefined) : json(request, body, done));
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(['application/json', 'application/scim+json'], { parseAs: 'string' }, orEmpty);
  app.decorateRequest('scim', null);
  const forgetSessions = () => onIdentityChange(true);
  app.addHook('onRequest', async (request) => {
    request.scim = await services.scimTokens.authenticate(bearerToken(request.headers.authorization), request.ip, forgetSessions);
  });
  app.addHook('onSend', async (_request, reply, payload) => {
    if (String(reply.getHeader('content-type') ?? '').startsWith('application/json')) reply.type(SCIM_TYPE);
    return payload;
  });
  const ctx = (req: FastifyRequest) => req.scim!;
  /** A parameter given twice counts once (its first value), so the services see strings only. */
  const query = (req: FastifyRequest): Query =>
    Object.fromEntries(Object.entries(req.query as Record<string, unknown>).map(([k, v]) => [k, String(Array.isArray(v) ? v[0] : v)]));
  /** One resource with its ETag and Location, shaped by the request's `attributes` or `excludedAttributes` (issue 33). */
  const send = (req: FastifyRequest, reply: FastifyReply, status: number, resource: { meta: { version: string; location: string } }) =>
    reply
      .status(status)
      .type(SCIM_TYPE)
      .header('etag', resource.meta.version)
      .header('location', resource.meta.location)
      .send(project(resource, projectionOf(query(req))));
  const list = <T extends { Resources: object[] }>(req: FastifyRequest, answer: T) =>
    projectList(answer as T & { Resources: Record<string, unknown>[] }, projectionOf(query(req)));
  const ifMatch = (req: FastifyRequest) => req.headers['if-match'];
  const hide = { schema: { hide: true } };

  // Discovery (RFC 7644 §4).
  app.get('/scim/v2/ServiceProviderConfig', hide, (req) => serviceProviderConfig(ctx(req).baseUrl));
  app.get('/scim/v2/ResourceTypes', hide, (req) => {
    const types = resourceTypes(ctx(req).baseUrl);
    return {
      schemas: ['urn:ietf:params:scim:api:messages:2.0:ListResponse'],
      totalResults: types.length,
      startIndex: 1,
      itemsPerPage: types.length,
      Resources: types,
    };
  });
  app.get<{ Params: Params }>('/scim/v2/ResourceTypes/:id', hide, (req) => {
    const found = resourceTypes(ctx(req).baseUrl).find((t) => t.id === req.params.id);
    if (!found) throw scimNotFound('ResourceType');
    return found;
  });
  app.get('/scim/v2/Schemas', hide, (req) => {
    const docs = schemaDocuments(ctx(req).baseUrl);
    return {
      schemas: ['urn:ietf:params:scim:api:messages:2.0:ListResponse'],
      totalResults: docs.length,
      startIndex: 1,
      itemsPerPage: docs.length,
      Resources: docs,
    };
  });
  app.get<{ Params: Params }>('/scim/v2/Schemas/:id', hide, (req) => {
    const found = schemaDocuments(ctx(req).baseUrl).find((s) => s.id.toLowerCase() === req.params.id.toLowerCase());
    if (!found) throw scimNotFound('Schema');
    return found;
  });

  // Users.
  app.post('/scim/v2/Users', hide, async (req, reply) => send(req, reply, 201, await services.scimUsers.create(ctx(req), req.body)));
  app.get('/scim/v2/Users', hide, async (req) => list(req, await services.scimUsers.list(ctx(req), query(req))));
  app.get<{ Params: Params }>('/scim/v2/Users/:id', hide, async (req, reply) => send(req, reply, 200, await services.scimUsers.get(ctx(req), req.params.id)));
  app.put<{ Params: Params }>('/scim/v2/Users/:id', hide, async (req, reply) =>
    send(req, reply, 200, await services.scimUsers.replace(ctx(req), req.params.id, req.body, ifMatch(req))),
  );
  app.patch<{ Params: Params }>('/scim/v2/Users/:id', hide, async (req, reply) =>
    send(req, reply, 200, await services.scimUsers.patch(ctx(req), req.params.id, req.body, ifMatch(req))),
  );
  app.delete<{ Params: Params }>('/scim/v2/Users/:id', hide, async (req, reply) => {
    await services.scimUsers.remove(ctx(req), req.params.id, ifMatch(req));
    return reply.status(204).send();
  });

  // Groups.
  app.post('/scim/v2/Groups', hide, async (req, reply) => send(req, reply, 201, await services.scimGroups.create(ctx(req), req.body)));
  app.get('/scim/v2/Groups', hide, async (req) => list(req, await services.scimGroups.list(ctx(req), query(req))));
  app.get<{ Params: Params }>('/scim/v2/Groups/:id', hide, async (req, reply) => send(req, reply, 200, await services.scimGroups.get(ctx(req), req.params.id)));
  app.put<{ Params: Params }>('/scim/v2/Groups/:id', hide, async (req, reply) =>
    send(req, reply, 200, await services.scimGroups.replace(ctx(req), req.params.id, req.body, ifMatch(req))),
  );
  app.patch<{ Params: Params }>('/scim/v2/Groups/:id', hide, async (req, reply) =>
    send(req, reply, 200, await services.scimGroups.patch(ctx(req), req.params.id, req.body, ifMatch(req))),
  );
  app.delete<{ Params: Params }>('/scim/v2/Groups/:id', hide, async (req, reply) => {
    await services.scimGroups.remove(ctx(req), req.params.id);
    return reply.status(204).send();
  });
  // Anything else under /scim/v2 is SCIM's 404, not D4's.
  app.all('/scim/v2/*', hide, (request) => {
    throw new ScimError(404, `No such SCIM endpoint: ${request.method} ${request.url.split('?')[0]}`);
  });
};
export default scimRoutes;
