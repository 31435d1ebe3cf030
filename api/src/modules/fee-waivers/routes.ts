/**
 * Fee waiver codes (issue 16 item 4): staff list and create a university's
 * codes; an applicant applies one to an application. Rules in service.ts.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErrorBody, FeeWaiver, FeeWaiverApplied, FeeWaiverApply, FeeWaiverCreate, IdParams } from 'shared-api/contract';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { actorOf } from '../../infrastructure/http/access';
import * as waivers from './service';

const tags = ['fee waivers'];

export async function feeWaiverRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/universities/:id/fee-waivers',
    {
      config: { access: 'staff' },
      schema: {
        tags,
        summary: "A university's fee waiver codes with the uses left (an ADMIN only its own university's)",
        params: IdParams,
        response: { 200: z.array(FeeWaiver), 403: ErrorBody, 404: ErrorBody },
      },
    },
    async (request, reply) => reply.header('Cache-Control', 'private, no-store').send(await waivers.listWaivers(ctx, actorOf(request), request.params.id)),
  );

  r.post(
    '/api/universities/:id/fee-waivers',
    {
      config: { access: 'staff' },
      schema: {
        tags,
        summary: 'Create a fee waiver code (the server makes the code): uses (1 = single-use), expiry, optionally one intake',
        params: IdParams,
        body: FeeWaiverCreate,
        response: { 201: FeeWaiver, 400: ErrorBody, 403: ErrorBody, 404: ErrorBody },
      },
    },
    async (request, reply) => reply.code(201).send(await waivers.createWaiver(ctx, actorOf(request), request.params.id, request.body)),
  );

  r.post(
    '/api/applications/:id/fee-waiver',
    {
      config: { access: 'applicant' },
      schema: {
        tags,
        summary: "Apply a fee waiver code to one's own application that still owes a fee: it is marked paid by waiver, no payment is made",
        params: IdParams,
        body: FeeWaiverApply,
        response: { 200: FeeWaiverApplied, 400: ErrorBody, 404: ErrorBody, 409: ErrorBody },
      },
    },
    async (request) => waivers.applyWaiver(ctx, actorOf(request), request.params.id, request.body.code),
  );
}
