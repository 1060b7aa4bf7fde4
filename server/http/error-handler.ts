import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ErrorCode } from '../../shared/error-codes.ts';
import { drainRequest } from './drain-request.ts';
import { AppError } from './errors.ts';

/**
 * The one place that answers errors (D4): AppErrors as thrown, validation failures as 400s
 * naming the field, Fastify's own 4xx with their status, everything else as a logged 500
 * whose body reveals nothing.
 */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler(async (error: FastifyError | AppError, request, reply) => {
    // A body too large (JSON or an upload): the client may still be sending. Read a bounded
    // rest first, so it can read the answer instead of a reset connection.
    if ((error instanceof AppError ? error.status : error.statusCode) === 413) await drainRequest(request.raw);
    if (error instanceof AppError) {
      if (error.retryAfterSeconds) reply.header('retry-after', String(error.retryAfterSeconds));
      return reply.status(error.status).send(error.toBody());
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issue = error.validation[0];
      const where = error.validationContext ?? 'body';
      // fastify-type-provider-zod keeps the issue's path only as a JSON-pointer-like `instancePath` ("/a/0/b").
      const pathParts = (issue.instancePath ?? '').split('/').filter(Boolean);
      const field = pathParts.length ? pathParts.join('.') : where;
      const message = pathParts.length ? issue.message : `${where} ${issue.message}`;
      return reply.status(400).send(new AppError(400, ErrorCode.invalidInput, `${field}: ${message}`, field).toBody());
    }
    const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 400 && status < 500) {
      const code =
        status === 413 ? ErrorCode.fileTooLarge : status === 429 ? ErrorCode.rateLimited : status === 404 ? ErrorCode.notFound : ErrorCode.invalidInput;
      const field = error.code?.startsWith('FST_ERR_CTP') || error.code === 'FST_ERR_CTP_INVALID_JSON' ? 'body' : undefined;
      const message = status === 413 ? 'The request is too large.' : error.message;
      return reply.status(status).send(new AppError(status, code, message, field).toBody());
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send(new AppError(500, ErrorCode.internal, 'Something went wrong on our side. Please try again.').toBody());
  });

  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send(new AppError(404, ErrorCode.notFound, `No such path: ${request.method} ${request.url.split('?')[0]}`).toBody());
  });
}

/**
 * Fastify's `frameworkErrors`: errors found before any route runs, chiefly a path whose percent
 * encoding does not decode (FST_ERR_BAD_URL, e.g. `%c0%af`, an overlong `/`). Such a path names
 * nothing: D4's 404, as any unknown path, instead of Fastify's own 400 body (issue 33).
 */
export function answerFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const status = error.code === 'FST_ERR_BAD_URL' ? 404 : typeof error.statusCode === 'number' ? error.statusCode : 400;
  const body = new AppError(
    status,
    status === 404 ? ErrorCode.notFound : ErrorCode.invalidInput,
    status === 404 ? `No such path: ${request.method}` : error.message,
  );
  void reply.status(status).type('application/json; charset=utf-8').send(JSON.stringify(body.toBody()));
}
