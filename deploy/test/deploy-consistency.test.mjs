// deploy/compose.yaml, deploy/k8s/*.yaml, deploy/nginx/portal.conf and the
// server's configuration (the API's, api/src/config.ts, and the web
// platform's, server/src/web/config.ts) describe one deployment: the same
// pinned images, the same API environment, probes on the API's health and
// readiness routes, and an nginx upstream that names the API services.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import YAML from 'yaml';
import { prepareNginx, testNginx } from '../tools/nginx-local.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const read = (file) => readFileSync(path.join(root, file), 'utf8');
const compose = YAML.parse(read('deploy/compose.yaml'));
const k8s = ['api', 'data', 'web'].flatMap((name) => YAML.parseAllDocuments(read(`deploy/k8s/${name}.yaml`)).map((doc) => doc.toJS()));
const byKindName = (kind, name) => k8s.find((o) => o?.kind === kind && o.metadata?.name === name);
const containersOf = (kind, name) => byKindName(kind, name)?.spec.template.spec.containers ?? [];

/** The variables a zod schema of environment variables (`const <name> = z.object({`) reads. */
function schemaVariables(file, name) {
  const source = read(file);
  const start = source.indexOf(`const ${name} = z.object({`);
  assert.ok(start >= 0, `${file} declares ${name}`);
  const body = source.slice(start, source.indexOf('\n});', start));
  return [...body.matchAll(/^ {2}([A-Z][A-Z0-9_]+):/gm)].map((m) => m[1]);
}

/** The variables the portal server reads: the API's (api/src/config.ts) and the web platform's (server/src/web/config.ts). */
const configVariables = new Set([...schemaVariables('api/src/config.ts', 'Env'), ...schemaVariables('server/src/web/config.ts', 'WebEnv')]);

describe('compose, Kubernetes, nginx and the server agree', () => {
  const composeApi = compose.services['api-1'];
  const composeEnv = Object.keys(composeApi.environment);
  const k8sEnv = [...Object.keys(byKindName('ConfigMap', 'portal-config').data), ...Object.keys(byKindName('Secret', 'portal-secrets').stringData)];

  it('pins every image to a version', () => {
    const images = [
      ...Object.entries(compose.services).map(([name, s]) => [`compose ${name}`, s.image]),
      ...k8s.filter((o) => o?.spec?.template).flatMap((o) => o.spec.template.spec.containers.map((c) => [`k8s ${o.metadata.name}`, c.image])),
    ];
    assert.ok(images.length >= 10);
    for (const [where, image] of images) {
      assert.ok(image, `${where} names an image`);
      const tag = image.split('/').pop().split(':')[1];
      assert.match(tag ?? '', /^\d+\.\d+(\.\d+)?$/, `${where}: ${image} is pinned to a version`);
      assert.doesNotMatch(image, /minio/, `${where}: MinIO's community images are no longer published`);
    }
    const imageOf = (prefix) => new Set(images.filter(([, i]) => i.startsWith(prefix)).map(([, i]) => i));
    for (const prefix of ['nginx:', 'postgres:', 'redis:', 'chrislusf/seaweedfs:']) assert.equal(imageOf(prefix).size, 1, `one ${prefix} version everywhere`);
  });

  it('gives the API the same variables in both, each one the server reads', () => {
    assert.deepEqual([...composeEnv].sort(), [...k8sEnv].sort());
    for (const name of composeEnv) assert.ok(configVariables.has(name), `${name} is a variable of api/src/config.ts or server/src/web/config.ts`);
    assert.ok(configVariables.has('PORTAL_RENDER_PAGES') && configVariables.has('DATABASE_URL'));
    assert.deepEqual(compose.services['api-2'].environment, composeApi.environment, 'both compose instances alike');
    assert.equal(composeApi.environment.TRUST_PROXY, '1', 'one hop: the nginx in front');
    assert.equal(byKindName('ConfigMap', 'portal-config').data.TRUST_PROXY, '1');
    for (const env of [composeApi.environment, byKindName('ConfigMap', 'portal-config').data]) {
      assert.equal(env.NODE_ENV, 'production');
      assert.equal(env.PORTAL_DEMO_DATA, 'false');
      assert.equal(env.PORTAL_WEB_LAYOUT, 'deployed');
    }
  });

  it('points the API at services that exist', () => {
    const s3 = new URL(composeApi.environment.S3_ENDPOINT);
    assert.ok(compose.services[s3.hostname], `compose has ${s3.hostname}`);
    assert.ok(compose.services.redis && composeApi.environment.REDIS_URL.includes('//redis:'));
    const k8sS3 = new URL(byKindName('ConfigMap', 'portal-config').data.S3_ENDPOINT);
    const service = byKindName('Service', k8sS3.hostname);
    assert.ok(service, `k8s has a Service ${k8sS3.hostname}`);
    assert.equal(String(service.spec.ports[0].port), k8sS3.port);
  });

  it('probes /api/health and /api/ready', () => {
    const [api] = containersOf('Deployment', 'portal-api');
    assert.equal(api.livenessProbe.httpGet.path, '/api/health');
    assert.equal(api.readinessProbe.httpGet.path, '/api/ready');
    assert.match(composeApi.healthcheck.test.join(' '), /\/api\/ready/);
    assert.match(read('deploy/Dockerfile'), /HEALTHCHECK .*\/api\/health/);
  });

  it("names the API instances in nginx's upstream, on the API's port", () => {
    const conf = read('deploy/nginx/portal.conf');
    const upstream = [...conf.matchAll(/^\s*server ([\w-]+):(\d+)/gm)].map((m) => [m[1], m[2]]);
    const apiServices = Object.keys(compose.services).filter((name) => name.startsWith('api-'));
    assert.deepEqual(upstream.map(([host]) => host).sort(), apiServices.sort());
    const port = read('deploy/Dockerfile').match(/PORT=(\d+)/)[1];
    for (const [, p] of upstream) assert.equal(p, port);
    assert.ok(
      compose.services.nginx.volumes.some((v) => v.startsWith('./nginx/portal.conf:')),
      'compose mounts the shipped config',
    );
    assert.equal(String(byKindName('Service', 'portal-api').spec.ports[0].port), port);
  });

  it("turns portal.conf into Kubernetes' config with the documented sed, which nginx accepts", () => {
    const command = read('deploy/k8s/web.yaml').match(/^#\s+sed '([^']+)' deploy\/nginx\/portal\.conf$/m);
    assert.ok(command, 'web.yaml documents the sed command');
    const k8sConf = execFileSync('sed', [command[1], path.join(root, 'deploy/nginx/portal.conf')], { encoding: 'utf8' });
    assert.deepEqual(
      [...k8sConf.matchAll(/^\s*server ([\w-]+):(\d+)/gm)].map((m) => `${m[1]}:${m[2]}`),
      ['portal-api:8080'],
    );
    // nginx -t resolves upstream names: the Service name becomes a local address.
    const prepared = prepareNginx({ transform: () => k8sConf.replace('server portal-api:8080', 'server 127.0.0.1:8080') });
    try {
      const result = testNginx(prepared);
      assert.ok(result.ok, result.output);
    } finally {
      prepared.cleanup();
    }
  });

  it('runs the portal server in the image, the bundle `npm start` runs: /api and the pages it renders', () => {
    const dockerfile = read('deploy/Dockerfile');
    assert.match(dockerfile, /^CMD \["node", "server\/dist\/server\.mjs"\]$/m);
    assert.match(read('deploy/scripts/start.mjs'), /path\.join\(ROOT, 'server', 'dist', 'server\.mjs'\)/);
    // The render worker loads React, router, MUI and emotion as the shell's dependencies.
    assert.match(dockerfile, /^COPY --from=deps \/app\/shell \.\/shell$/m);
    for (const env of [compose.services['api-1'].environment, byKindName('ConfigMap', 'portal-config').data]) assert.equal(env.PORTAL_RENDER_PAGES, 'true');
  });

  it("runs the API as the image's numeric non-root user, which Kubernetes can verify", () => {
    // runAsNonRoot with the image's `USER node` (a name) makes the kubelet refuse
    // to start the pod: it cannot prove a name is not root. node's uid is 1000.
    assert.match(read('deploy/Dockerfile'), /^USER node$/m);
    for (const container of containersOf('Deployment', 'portal-api')) {
      const context = container.securityContext ?? {};
      assert.equal(context.runAsNonRoot, true, `${container.name}: runAsNonRoot`);
      assert.equal(context.runAsUser, 1000, `${container.name}: numeric runAsUser of the node user`);
      assert.equal(context.runAsGroup, 1000, `${container.name}: numeric runAsGroup`);
    }
  });

  it('builds the API image on Node 22 LTS with production dependencies only', () => {
    const dockerfile = read('deploy/Dockerfile');
    const stages = dockerfile
      .split(/^FROM /m)
      .slice(1)
      .map((text) => ({ image: text.split(/\s/)[0], name: text.match(/^\S+ AS (\S+)/)?.[1], text }));
    assert.ok(stages.length >= 2);
    for (const { image } of stages) assert.match(image, /^node:22\.\d+\.\d+-bookworm-slim$/, `${image}: Node 22 LTS, pinned`);
    const final = stages.at(-1);
    const from = final.text.match(/COPY --from=(\S+) \/app\/node_modules/)?.[1];
    assert.ok(from, 'the image copies node_modules from one stage');
    const deps = stages.find((stage) => stage.name === from);
    assert.match(deps.text, /npm ci [^\n]*--omit=dev/, 'installed without devDependencies');
    assert.doesNotMatch(final.text, /npm (ci|install)/, 'nothing else installed in the image');
  });
});
