import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { Course, CourseCreate, CourseListQuery, CourseUpdate, ErrorBody, IdParams, MessageBody, ProgramIdParams } from 'shared-api/contract';
import { z } from 'zod';
import type { AppContext } from '../context';
import { callerOf } from '../plugins/access';
import * as catalogue from '../services/catalogue';
import { catalogueCache, sendWithEtag } from '../services/public-cache';

const tags = ['courses'];

export async function coursesRoutes(app: FastifyInstance, ctx: AppContext) {
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
      const body = await cache.get(`courses:program:${programId}`, () => catalogue.coursesOfProgram(ctx, programId));
      return sendWithEtag(request, reply, body);
    },
  );

  r.get(
    '/api/courses/:id',
    { config: { access: 'public' }, schema: { tags, summary: 'One course', params: IdParams, response: { 200: Course, 404: ErrorBody } } },
    async (request, reply) => {
      const body = await cache.get(`course:${request.params.id}`, () => catalogue.getCourse(ctx, request.params.id));
      return sendWithEtag(request, reply, body);
    },
  );

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
    async (request, reply) => reply.code(201).send(await catalogue.createCourse(ctx, catalogue.actorOf(request), request.body)),
  );

  r.put(
    '/api/courses/:id',
    {
      config: { access: 'staff' },
      schema: { tags, summary: 'Update a course (takes sermisterToBeDone)', params: IdParams, body: CourseUpdate, response: { 200: Course, 404: ErrorBody } },
    },
    async (request) => catalogue.updateCourse(ctx, catalogue.actorOf(request), request.params.id, request.body),
  );

  r.delete(
    '/api/courses/:id',
    { config: { access: 'staff' }, schema: { tags, summary: 'Delete a course in reach', params: IdParams, response: { 200: MessageBody, 404: ErrorBody } } },
    async (request) => catalogue.deleteCourse(ctx, catalogue.actorOf(request), request.params.id),
  );
}
