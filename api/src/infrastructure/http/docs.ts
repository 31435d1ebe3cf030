/**
 * OpenAPI generated from the same zod schemas the routes validate with,
 * served at /api/docs (Swagger UI) and /api/docs/json (the document).
 *
 * Must run before any other route is added: @fastify/swagger collects routes
 * through an onRoute hook. The UI's routes come from @fastify/swagger-ui and
 * @fastify/static, which take no route config, while access.ts refuses any
 * /api route without `config.access`. access.ts's onRoute hook belongs to the
 * root, so it runs before any hook a child plugin could add; instead the
 * wrapper below gives its own encapsulated instance a `route` that adds
 * `access: 'public'`, and both plugins (and their children, which inherit the
 * instance) declare their routes through it.
 */
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';

export const DOCS_PREFIX = '/api/docs';

const ACCESS_TEXT: Record<string, string> = {
  public: 'Public: no token needed.',
  signedIn: 'Bearer token of any signed-in user.',
  applicant: 'Bearer token of an applicant (USER).',
  staff: 'Bearer token of staff (ADMIN within its own university, or SUPERUSER).',
  superuser: 'Bearer token of a SUPERUSER.',
  webhook: 'Signed by the payment provider.',
};

type TransformInput = Parameters<typeof jsonSchemaTransform>[0] & { route?: { config?: { access?: string } } };

/** The zod transform, plus the bearer requirement and who may call, from each route's access. */
function transform(input: TransformInput) {
  const result = jsonSchemaTransform(input);
  const access = input.route?.config?.access;
  if (!result.schema || !access) return result;
  const schema = { ...(result.schema as Record<string, unknown>) };
  const note = ACCESS_TEXT[access];
  if (note) schema.description = schema.description ? `${String(schema.description)}\n\n${note}` : note;
  if (access !== 'public' && access !== 'webhook') schema.security = [{ bearerAuth: [] }];
  return { ...result, schema };
}

export async function docsRoutes(app: FastifyInstance, _ctx: AppContext) {
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'UniPortal admissions API',
        description: 'Every call of the portal. Errors answer `{ message, error? }`.',
        version: '1.0.0',
      },
      components: { securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform,
  });

  await app.register(async function publicDocs(instance) {
    const route = instance.route;
    // `this` is whichever child instance declares the route, so its prefix and hooks apply.
    instance.route = function routeWithAccess(this: FastifyInstance, options: RouteOptions) {
      return route.call(this, { ...options, config: { ...(options.config ?? {}), access: 'public' } });
    } as typeof instance.route;
    await instance.register(swaggerUi, {
      routePrefix: DOCS_PREFIX,
      uiConfig: { docExpansion: 'list', deepLinking: true },
      staticCSP: true,
      // Swagger UI sets a few inline styles (no inline scripts): allow those only.
      transformStaticCSP: (header: string) => header.replace(/style-src 'self'/, "style-src 'self' 'unsafe-inline'"),
    });
  });
}
