import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErrorBody, IdParams, MessageBody, Paged, Program, ProgramInput, ProgramListQuery, UniversityIdParams } from 'shared-api/contract';
import { z } from 'zod';
import type { AppContext } from '../context';
import * as catalogue from '../services/catalogue';
import { catalogueCache, sendWithEtag } from '../services/public-cache';

const tags = ['programs'];

export async function programsRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const cache = catalogueCache(ctx);

  r.get(
    '/api/programs',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'All programs; with page, size, search or universityId a page {items, total, page, size}',
        querystring: ProgramListQuery,
        response: { 200: z.union([z.array(Program), Paged(Program)]) },
      },
    },
    async (request, reply) => {
      const query = request.query;
      const paged = query.page !== undefined || query.size !== undefined || query.search !== undefined || query.universityId !== undefined;
      const key = paged ? `programs:${query.page ?? ''}:${query.size ?? ''}:${query.universityId ?? ''}:${query.search ?? ''}` : 'programs:all';
      const body = await cache.get(key, () => (paged ? catalogue.pagePrograms(ctx, query) : catalogue.listPrograms(ctx)));
      return sendWithEtag(request, reply, body);
    },
  );

  r.get(
    '/api/programs/university/:universityId',
    {
      config: { access: 'public' },
      schema: { tags, summary: 'Programs of one university', params: UniversityIdParams, response: { 200: z.array(Program), 404: ErrorBody } },
    },
    async (request, reply) => {
      const { universityId } = request.params;
      const body = await cache.get(`programs:university:${universityId}`, () => catalogue.programsOfUniversity(ctx, universityId));
      return sendWithEtag(request, reply, body);
    },
  );

  r.get(
    '/api/programs/:id',
    { config: { access: 'public' }, schema: { tags, summary: 'One program', params: IdParams, response: { 200: Program, 404: ErrorBody } } },
    async (request, reply) => {
      const body = await cache.get(`program:${request.params.id}`, () => catalogue.getProgram(ctx, request.params.id));
      return sendWithEtag(request, reply, body);
    },
  );

  r.post(
    '/api/programs',
    {
      config: { access: 'staff' },
      schema: {
        tags,
        summary: "Create a program (an ADMIN's goes to its own university)",
        body: ProgramInput,
        response: { 201: Program, 400: ErrorBody, 404: ErrorBody },
      },
    },
    async (request, reply) => reply.code(201).send(await catalogue.createProgram(ctx, catalogue.actorOf(request), request.body)),
  );

  r.put(
    '/api/programs/:id',
    {
      config: { access: 'staff' },
      schema: { tags, summary: 'Update a program in reach', params: IdParams, body: ProgramInput, response: { 200: Program, 404: ErrorBody, 409: ErrorBody } },
    },
    async (request) => catalogue.updateProgram(ctx, catalogue.actorOf(request), request.params.id, request.body),
  );

  r.delete(
    '/api/programs/:id',
    {
      config: { access: 'staff' },
      schema: { tags, summary: 'Delete a program nothing depends on', params: IdParams, response: { 200: MessageBody, 404: ErrorBody, 409: ErrorBody } },
    },
    async (request) => catalogue.deleteProgram(ctx, catalogue.actorOf(request), request.params.id),
  );
}
