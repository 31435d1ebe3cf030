/**
 * Admission rounds (issue 16): a university's intakes and their places. The
 * rules are in service.ts.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErrorBody, IdParams, Intake, IntakeCapacity, IntakeIdParams, IntakeInput, MessageBody } from 'shared-api/contract';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { actorOf, callerOf } from '../../infrastructure/http/access';
import * as intakes from './service';

const tags = ['intakes'];

export async function intakesRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/universities/:id/intakes',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: "A university's intakes: open and upcoming for guests and applicants; all, with application counts, for its staff",
        params: IdParams,
        response: { 200: z.array(Intake), 404: ErrorBody },
      },
    },
    async (request) => intakes.listIntakes(ctx, request.caller, request.params.id),
  );

  r.post(
    '/api/universities/:id/intakes',
    {
      config: { access: 'staff' },
      schema: {
        tags,
        summary: 'Open an intake (an ADMIN only at its own university)',
        params: IdParams,
        body: IntakeInput,
        response: { 201: Intake, 400: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody },
      },
    },
    async (request, reply) => reply.code(201).send(await intakes.createIntake(ctx, actorOf(request), request.params.id, request.body)),
  );

  r.get(
    '/api/intakes/:id',
    {
      config: { access: 'public' },
      schema: { tags, summary: 'One intake (a closed one only for its staff)', params: IntakeIdParams, response: { 200: Intake, 404: ErrorBody } },
    },
    async (request) => intakes.getIntake(ctx, request.caller, request.params.id),
  );

  r.put(
    '/api/intakes/:id',
    {
      config: { access: 'staff' },
      schema: {
        tags,
        summary: 'Change an intake in reach: dates (open early, extend, close), programs and places, fees',
        params: IntakeIdParams,
        body: IntakeInput,
        response: { 200: Intake, 400: ErrorBody, 404: ErrorBody, 409: ErrorBody },
      },
    },
    async (request) => intakes.updateIntake(ctx, actorOf(request), request.params.id, request.body),
  );

  r.delete(
    '/api/intakes/:id',
    {
      config: { access: 'staff' },
      schema: { tags, summary: 'Delete an intake without applications (one with applications can be closed)', params: IntakeIdParams, response: { 200: MessageBody, 404: ErrorBody, 409: ErrorBody } },
    },
    async (request) => intakes.deleteIntake(ctx, actorOf(request), request.params.id),
  );

  r.get(
    '/api/intakes/:id/capacity',
    {
      config: { access: 'staff' },
      schema: { tags, summary: 'Places, accepted and pending per program of an intake in reach', params: IntakeIdParams, response: { 200: IntakeCapacity, 404: ErrorBody } },
    },
    async (request) => intakes.intakeCapacity(ctx, callerOf(request), request.params.id),
  );
}
