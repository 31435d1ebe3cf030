/**
 * The catalogue's routes: universities, programs and courses. Public reads go
 * through the catalogue cache and are sent with an ETag (infrastructure/caches/
 * public-cache.ts); writes are the service's.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  Course,
  CourseCreate,
  CourseListQuery,
  CourseUpdate,
  ErrorBody,
  IdParams,
  MessageBody,
  Paged,
  Program,
  ProgramIdParams,
  ProgramInput,
  ProgramListQuery,
  University,
  UniversityIdParams,
  UniversityInput,
} from 'shared-api/contract';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { catalogueCache, freshnessOf, sendWithEtag } from '../../infrastructure/caches/public-cache';
import { actorOf, callerOf } from '../../infrastructure/http/access';
import * as catalogue from './service';

export async function universitiesRoutes(app: FastifyInstance, ctx: AppContext) {
  const tags = ['universities'];
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
      const body = await cache.get(`universities:${scope ?? 'all'}`, freshnessOf(request), () => catalogue.listUniversities(ctx, scope));
      return sendWithEtag(request, reply, body, { shared: scope === undefined, variesByCaller: true });
    },
  );

  r.get(
    '/api/universities/:id',
    { config: { access: 'public' }, schema: { tags, summary: 'One university', params: IdParams, response: { 200: University, 404: ErrorBody } } },
    async (request, reply) => {
      const body = await cache.get(`university:${request.params.id}`, freshnessOf(request), () => catalogue.getUniversity(ctx, request.params.id));
      return sendWithEtag(request, reply, body);
    },
  );

  r.post(
    '/api/universities',
    { config: { access: 'superuser' }, schema: { tags, summary: 'Create a university', body: UniversityInput, response: { 201: University, 400: ErrorBody } } },
    async (request, reply) => {
      return reply.code(201).send(await catalogue.createUniversity(ctx, actorOf(request), request.body));
    },
  );

  r.put(
    '/api/universities/:id',
    {
      config: { access: 'superuser' },
      schema: { tags, summary: 'Update a university', params: IdParams, body: UniversityInput, response: { 200: University, 404: ErrorBody } },
    },
    async (request) => {
      return catalogue.updateUniversity(ctx, actorOf(request), request.params.id, request.body);
    },
  );

  r.delete(
    '/api/universities/:id',
    {
      config: { access: 'superuser' },
      schema: { tags, summary: 'Delete a university nothing depends on', params: IdParams, response: { 200: MessageBody, 404: ErrorBody, 409: ErrorBody } },
    },
    async (request) => {
      return catalogue.deleteUniversity(ctx, actorOf(request), request.params.id);
    },
  );
}

export async function programsRoutes(app: FastifyInstance, ctx: AppContext) {
  const tags = ['programs'];
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
      const body = await cache.get(key, freshnessOf(request), () => (paged ? catalogue.pagePrograms(ctx, query) : catalogue.listPrograms(ctx)));
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
      const body = await cache.get(`programs:university:${universityId}`, freshnessOf(request), () => catalogue.programsOfUniversity(ctx, universityId));
      return sendWithEtag(request, reply, body);
    },
  );

  r.get('/api/programs/:id', { config: { access: 'public' }, schema: { tags, summary: 'One program', params: IdParams, response: { 200: Program, 404: ErrorBody } } }, async (request, reply) => {
    const body = await cache.get(`program:${request.params.id}`, freshnessOf(request), () => catalogue.getProgram(ctx, request.params.id));
    return sendWithEtag(request, reply, body);
  });

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
    async (request, reply) => reply.code(201).send(await catalogue.createProgram(ctx, actorOf(request), request.body)),
  );

  r.put(
    '/api/programs/:id',
    {
      config: { access: 'staff' },
      schema: { tags, summary: 'Update a program in reach', params: IdParams, body: ProgramInput, response: { 200: Program, 404: ErrorBody, 409: ErrorBody } },
    },
    async (request) => catalogue.updateProgram(ctx, actorOf(request), request.params.id, request.body),
  );

  r.delete(
    '/api/programs/:id',
    {
      config: { access: 'staff' },
      schema: { tags, summary: 'Delete a program nothing depends on', params: IdParams, response: { 200: MessageBody, 404: ErrorBody, 409: ErrorBody } },
    },
    async (request) => catalogue.deleteProgram(ctx, actorOf(request), request.params.id),
  );
}

export async function coursesRoutes(app: FastifyInstance, ctx: AppContext) {
  const tags = ['courses'];
  const r = app.withTypeProvider<ZodTypeProvider>();
  const cache = catalogueCache(ctx);

  r.get(
    '/api/courses',
    {
      config: { access: 'signedIn' },
      schema: {
        tags,
        summary: 'Courses: an ADMIN its university, a SUPERUSER all or ?universityId=, an applicant all',
        querystring: CourseListQuery,
        response: { 200: z.array(Course) },
      },
    },
    async (request) => catalogue.listCourses(ctx, callerOf(request), request.query),
  );

  r.get(
    '/api/courses/program/:programId',
    {
      config: { access: 'public' },
      schema: { tags, summary: 'Courses of one program', params: ProgramIdParams, response: { 200: z.array(Course), 404: ErrorBody } },
    },
    async (request, reply) => {
      const { programId } = request.params;
      const body = await cache.get(`courses:program:${programId}`, freshnessOf(request), () => catalogue.coursesOfProgram(ctx, programId));
      return sendWithEtag(request, reply, body);
    },
  );

  r.get('/api/courses/:id', { config: { access: 'public' }, schema: { tags, summary: 'One course', params: IdParams, response: { 200: Course, 404: ErrorBody } } }, async (request, reply) => {
    const body = await cache.get(`course:${request.params.id}`, freshnessOf(request), () => catalogue.getCourse(ctx, request.params.id));
    return sendWithEtag(request, reply, body);
  });

  r.post(
    '/api/courses',
    {
      config: { access: 'staff' },
      schema: {
        tags,
        summary: 'Create a course (takes semesterToBeDone) in a program within reach',
        body: CourseCreate,
        response: { 201: Course, 400: ErrorBody, 404: ErrorBody },
      },
    },
    async (request, reply) => reply.code(201).send(await catalogue.createCourse(ctx, actorOf(request), request.body)),
  );

  r.put(
    '/api/courses/:id',
    {
      config: { access: 'staff' },
      schema: { tags, summary: 'Update a course (takes sermisterToBeDone)', params: IdParams, body: CourseUpdate, response: { 200: Course, 404: ErrorBody } },
    },
    async (request) => catalogue.updateCourse(ctx, actorOf(request), request.params.id, request.body),
  );

  r.delete(
    '/api/courses/:id',
    { config: { access: 'staff' }, schema: { tags, summary: 'Delete a course in reach', params: IdParams, response: { 200: MessageBody, 404: ErrorBody } } },
    async (request) => catalogue.deleteCourse(ctx, actorOf(request), request.params.id),
  );
}
