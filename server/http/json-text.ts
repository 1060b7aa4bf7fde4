import type { FastifyReply } from 'fastify';

/**
 * Sends JSON that a service already serialised (from a cache). Fastify passes a string or Buffer
 * with a JSON content type through as it is; the route's response schema still documents the shape.
 */
export function sendJsonText(reply: FastifyReply, text: string | Buffer) {
  return reply.type('application/json; charset=utf-8').send(text as never);
}
