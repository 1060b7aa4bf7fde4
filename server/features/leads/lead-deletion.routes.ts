import formbody from '@fastify/formbody';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { createElement } from 'react';
import { LeadDeletionPage, type LeadDeletionState } from './lead-deletion.page.tsx';
import type { Language } from '../../../shared/schemas/profile.schema.ts';
import { pickLanguage } from '../../http/language.ts';
import { PUBLIC_PAGE_ROUTE_HEADERS } from '../../http/security-headers.ts';
import { renderDocument, createPageTexts } from '../public-pages/index.ts';
import type { LeadsServices } from './leads.feature.ts';

/** Headers of the deletion pages: like the public pages', never cached, and the token never leaves in a Referer. */
const HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'cache-control': 'no-store',
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
} as const;

/**
 * The visitor's deletion link of issue 12: `GET /delete/lead?token=` asks (link scanners in
 * mail clients open every link, so a GET deletes nothing), the form's `POST /delete/lead`
 * deletes the one lead the signed token names. de/en by `lng` (D1's order otherwise).
 */
export default async function leadDeletionRoutes(app: FastifyInstance, { services }: { services: Pick<LeadsServices, 'leads'> }): Promise<void> {
  const texts = createPageTexts();
  await app.register(formbody, { bodyLimit: 4096 });
  const route = { schema: { hide: true }, ...PUBLIC_PAGE_ROUTE_HEADERS };

  function page(reply: FastifyReply, status: number, state: LeadDeletionState, token: string, lng: Language) {
    const t = texts(lng, 'profile');
    const { html, csp } = renderDocument(
      { lng, title: t('lead_deletion_title'), description: t('lead_deletion_title'), noindex: true },
      createElement(LeadDeletionPage, { state, token, lng, t }),
    );
    return reply.code(status).headers(HEADERS).header('content-security-policy', csp).send(html);
  }

  app.get('/delete/lead', route, async (request, reply) => {
    const query = (request.query ?? {}) as Record<string, unknown>;
    const token = typeof query.token === 'string' ? query.token : '';
    const lng = pickLanguage(request);
    const state = await services.leads.deletionState(token);
    return page(reply, state === 'invalid' ? 404 : 200, state, token, lng);
  });

  app.post('/delete/lead', route, async (request, reply) => {
    const body = (request.body ?? {}) as Record<string, unknown>;
    const token = typeof body.token === 'string' ? body.token : '';
    const lng = pickLanguage({ query: { lng: body.lng }, headers: request.headers });
    const deleted = await services.leads.deleteByToken(token);
    return page(reply, deleted ? 200 : 404, deleted ? 'done' : 'invalid', '', lng);
  });
}
