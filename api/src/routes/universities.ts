import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErrorBody, IdParams, MessageBody, University, UniversityInput } from 'shared-api/contract';
import { z } from 'zod';
import type { AppContext } from '../context';
import * as catalogue from '../services/catalogue';
import { catalogueCache, sendWithEtag } from '../services/public-cache';

const tags = ['universities'];

export async function universitiesRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const cache = catalogueCache(ctx);

  r.get(
    '/api/universities',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'All universities (a signed-in ADMIN sees only its own)',
        response: { 200: z.array(University) },
      },
    },
    async (request, reply) => {
      const scope = catalogue.universityListScope(request.caller);
      const body = await cache.get(`universities:${scope ?? 'all'}`, () => catalogue.listUniversities(ctx, scope));
      return sendWithEtag(request, reply, body, { shared: scope === undefined, variesByCaller: true });
    },
  );

  r.get(
    '/api/universities/:id',
    { config: { access: 'public' }, schema: { tags, summary: 'One university', params: IdParams, response: { 200: University, 404: ErrorBody } } },
    async (request, reply) => {
      const body = await cache.get(`university:${request.params.id}`, () => catalogue.getUniversity(ctx, request.params.id));
      return sendWithEtag(request, reply, body);
    },
  );

  r.post(
    '/api/universities',
    { config: { access: 'superuser' }, schema: { tags, summary: 'Create a university', body: UniversityInput, response: { 201: University, 400: ErrorBody } } },
    async (request, reply) => {
      return reply.code(201).send(await catalogue.createUniversity(ctx, catalogue.actorOf(request), request.body));
    },
  );

  r.put(
    '/api/universities/:id',
    {
      config: { access: 'superuser' },
      schema: { tags, summary: 'Update a university', params: IdParams, body: UniversityInput, response: { 200: University, 404: ErrorBody } },
    },
    async (request) => {
      return catalogue.updateUniversity(ctx, catalogue.actorOf(request), request.params.id, request.body);
    },
  );

  r.delete(
    '/api/universities/:id',
    {
      config: { access: 'superuser' },
      schema: { tags, summary: 'Delete a university nothing depends on', params: IdParams, response: { 200: MessageBody, 404: ErrorBody, 409: ErrorBody } },
    },
    async (request) => {
      return catalogue.deleteUniversity(ctx, catalogue.actorOf(request), request.params.id);
    },
  );
}
