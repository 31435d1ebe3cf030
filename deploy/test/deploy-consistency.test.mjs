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
const k8s = ['api', 'data', 'web', 'network'].flatMap((name) => YAML.parseAllDocuments(read(`deploy/k8s/${name}.yaml`)).map((doc) => doc.toJS()));
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

const workloads = k8s.filter((o) => o?.kind === 'Deployment' || o?.kind === 'StatefulSet');
const policies = k8s.filter((o) => o?.kind === 'NetworkPolicy');
const podLabels = (workload) => workload.spec.template.metadata.labels;
const selects = (selector, labels) => Object.entries(selector?.matchLabels ?? {}).every(([key, value]) => labels[key] === value);
const workloadByApp = (app) => workloads.find((w) => podLabels(w).app === app);
/** The container ports of a workload: numbers, with their names resolved. */
const containerPorts = (workload) => workload.spec.template.spec.containers.flatMap((c) => c.ports ?? []);
const portNumber = (workload, port) => (typeof port === 'number' ? port : containerPorts(workload).find((p) => p.name === port)?.containerPort);
const ingressPolicies = (workload) => policies.filter((p) => p.spec.policyTypes.includes('Ingress') && selects(p.spec.podSelector, podLabels(workload)));

describe('Kubernetes network policies', () => {
  it('denies all ingress in the namespace unless a policy allows it', () => {
    const deny = policies.filter((p) => Object.keys(p.spec.podSelector).length === 0 && p.spec.policyTypes.includes('Ingress'));
    assert.equal(deny.length, 1, 'one policy selects every pod');
    assert.equal(deny[0].spec.ingress, undefined, 'and allows nothing in');
  });

  it('selects every Deployment and StatefulSet by a policy of its own', () => {
    assert.equal(workloads.length, 5);
    for (const workload of workloads) {
      const own = ingressPolicies(workload).filter((p) => Object.keys(p.spec.podSelector.matchLabels ?? {}).length > 0);
      assert.ok(own.length >= 1, `${workload.metadata.name} is selected by a policy naming its labels`);
      // The Deployment's selector is what its pods carry: the policy sees the same pods.
      assert.ok(selects(workload.spec.selector, podLabels(workload)));
    }
  });

  it('opens nginx to anyone on its http port, and the API to nginx alone', () => {
    const web = workloadByApp('portal-web');
    const [webRule, ...moreWeb] = ingressPolicies(web).flatMap((p) => p.spec.ingress ?? []);
    assert.equal(moreWeb.length, 0);
    assert.equal(webRule.from, undefined, 'from anywhere');
    assert.deepEqual(
      webRule.ports.map((p) => portNumber(web, p.port)),
      [portNumber(web, 'http')],
    );
    const api = workloadByApp('portal-api');
    const apiRules = ingressPolicies(api).flatMap((p) => p.spec.ingress ?? []);
    assert.equal(apiRules.length, 1);
    assert.deepEqual(apiRules[0].from, [{ podSelector: { matchLabels: podLabels(web) } }]);
  });

  it('lets only the API reach PostgreSQL, Redis and the S3 store', () => {
    const api = workloadByApp('portal-api');
    for (const app of ['portal-postgres', 'portal-redis', 'portal-seaweedfs']) {
      const workload = workloadByApp(app);
      assert.ok(workload, `${app} exists`);
      const rules = ingressPolicies(workload).flatMap((p) => p.spec.ingress ?? []);
      assert.ok(rules.length >= 1, `${app} accepts something`);
      for (const rule of rules) {
        assert.ok(rule.from?.length, `${app}: every rule names its sources`);
        for (const peer of rule.from) {
          assert.deepEqual(Object.keys(peer), ['podSelector'], `${app}: pods of this namespace only, no ipBlock or namespace`);
          assert.deepEqual(peer.podSelector.matchLabels, podLabels(api), `${app}: the API's labels`);
          assert.ok(!peer.podSelector.matchExpressions);
        }
      }
    }
  });

  it('uses in every policy the ports the selected containers listen on', () => {
    let checked = 0;
    for (const policy of policies) {
      for (const workload of workloads.filter((w) => selects(policy.spec.podSelector, podLabels(w)) && Object.keys(policy.spec.podSelector).length > 0)) {
        const listening = containerPorts(workload).map((p) => p.containerPort);
        for (const rule of policy.spec.ingress ?? []) {
          assert.ok(rule.ports?.length, `${policy.metadata.name}: names its ports`);
          for (const { port, protocol } of rule.ports) {
            assert.equal(protocol, 'TCP');
            assert.ok(listening.includes(portNumber(workload, port)), `${policy.metadata.name}: ${workload.metadata.name} listens on ${port}`);
            checked += 1;
          }
        }
      }
      // Egress to a workload of the namespace goes to a port it listens on.
      for (const rule of policy.spec.egress ?? []) {
        for (const peer of rule.to ?? []) {
          if (!peer.podSelector || peer.namespaceSelector) continue;
          const target = workloads.find((w) => selects(peer.podSelector, podLabels(w)));
          assert.ok(target, `${policy.metadata.name}: egress to a workload that exists`);
          for (const { port } of rule.ports) {
            assert.ok(
              containerPorts(target).some((p) => p.containerPort === portNumber(target, port)),
              `${policy.metadata.name}: ${target.metadata.name} listens on ${port}`,
            );
            checked += 1;
          }
        }
      }
    }
    assert.ok(checked >= 8);
    // The Services send traffic to those same ports.
    for (const service of k8s.filter((o) => o?.kind === 'Service')) {
      const workload = workloads.find((w) => selects({ matchLabels: service.spec.selector }, podLabels(w)));
      for (const { port, targetPort } of service.spec.ports) {
        assert.ok(
          containerPorts(workload).some((p) => p.containerPort === portNumber(workload, targetPort ?? port)),
          `${service.metadata.name}: a port its pods listen on`,
        );
      }
    }
  });

  it("limits the API's egress to the data services, DNS, HTTPS and SMTP", () => {
    const api = workloadByApp('portal-api');
    const egress = policies.filter((p) => p.spec.policyTypes.includes('Egress') && selects(p.spec.podSelector, podLabels(api)));
    assert.equal(egress.length, 1);
    const rules = egress[0].spec.egress;
    const inNamespace = rules.flatMap((r) => (r.to ?? []).filter((peer) => peer.podSelector && !peer.namespaceSelector).map((peer) => peer.podSelector.matchLabels.app));
    assert.deepEqual(inNamespace.sort(), ['portal-postgres', 'portal-redis', 'portal-seaweedfs']);
    const dns = rules.find((r) => r.to?.some((peer) => peer.namespaceSelector));
    assert.deepEqual(dns.ports.map((p) => `${p.protocol}/${p.port}`).sort(), ['TCP/53', 'UDP/53']);
    const outside = rules.filter((r) => r.to?.some((peer) => peer.ipBlock));
    assert.equal(outside.length, 1);
    assert.deepEqual(outside[0].ports.map((p) => p.port).sort(), [443, 465, 587]);
    assert.ok(outside[0].to[0].ipBlock.except.includes('169.254.0.0/16'), 'not the cloud metadata address');
    for (const rule of rules) assert.ok(rule.to?.length && rule.ports?.length, 'no rule open to every peer or every port');
  });
});

describe('compose networks', () => {
  it('lets only the API instances reach the data services, and nginx reach the API', () => {
    const on = (network) =>
      Object.entries(compose.services)
        .filter(([, s]) => s.networks?.includes(network))
        .map(([name]) => name)
        .sort();
    for (const [name, service] of Object.entries(compose.services)) assert.ok(service.networks?.length, `${name} names its networks (no default network)`);
    const apis = Object.keys(compose.services)
      .filter((name) => name.startsWith('api-'))
      .sort();
    assert.deepEqual(on('back'), [...apis, 'postgres', 'redis', 'seaweedfs'].sort());
    assert.equal(compose.networks.back.internal, true, 'the data services have no way out');
    assert.deepEqual(on('front'), [...apis, 'nginx'].sort());
    for (const [name, service] of Object.entries(compose.services)) if (name !== 'nginx') assert.equal(service.ports, undefined, `${name} publishes no port`);
  });
});

describe('security contexts', () => {
  const pods = workloads.map((w) => [w.metadata.name, w.spec.template.spec]);
  // Images whose program cannot run unprivileged, with the capabilities they keep.
  const rootAllowed = { 'portal-web': ['CHOWN', 'NET_BIND_SERVICE', 'SETGID', 'SETUID'] };

  it('runs every Kubernetes container unprivileged, read-only, without capabilities', () => {
    for (const [name, pod] of pods) {
      assert.equal(pod.securityContext?.seccompProfile?.type, 'RuntimeDefault', `${name}: seccomp`);
      assert.equal(pod.automountServiceAccountToken, false, `${name}: no Kubernetes API token mounted`);
      for (const container of pod.containers) {
        const where = `${name}/${container.name}`;
        const context = container.securityContext ?? {};
        assert.equal(context.allowPrivilegeEscalation, false, `${where}: no privilege escalation`);
        assert.equal(context.readOnlyRootFilesystem, true, `${where}: read-only root filesystem`);
        assert.ok(!context.privileged, `${where}: not privileged`);
        assert.deepEqual(context.capabilities?.drop, ['ALL'], `${where}: every capability dropped`);
        if (rootAllowed[name]) {
          assert.deepEqual([...(context.capabilities.add ?? [])].sort(), rootAllowed[name], `${where}: only what it needs`);
          assert.match(read('deploy/k8s/web.yaml'), /cannot run unprivileged/, `${where}: says why`);
        } else {
          assert.equal(context.runAsNonRoot, true, `${where}: runAsNonRoot`);
          assert.ok(Number.isInteger(context.runAsUser) && context.runAsUser > 0, `${where}: numeric runAsUser`);
          assert.ok(Number.isInteger(context.runAsGroup) && context.runAsGroup > 0, `${where}: numeric runAsGroup`);
          assert.equal(context.capabilities.add, undefined, `${where}: adds none`);
        }
        // A read-only image: every place the program writes is a volume.
        const volumes = new Map([...(pod.volumes ?? []), ...(w(name).spec.volumeClaimTemplates ?? []).map((t) => ({ name: t.metadata.name, pvc: true }))].map((v) => [v.name, v]));
        for (const mount of container.volumeMounts ?? []) assert.ok(volumes.has(mount.name), `${where}: ${mount.mountPath} is a declared volume`);
        const mounted = (container.volumeMounts ?? []).filter((m) => !m.readOnly).map((m) => m.mountPath);
        assert.ok(mounted.length >= 1, `${where}: somewhere to write`);
      }
    }
  });

  it('gives each program a writable place where it writes', () => {
    const mountsOf = (app) => w(app).spec.template.spec.containers[0].volumeMounts.map((m) => m.mountPath);
    assert.ok(mountsOf('portal-api').includes('/tmp') && mountsOf('portal-api').includes('/app/data'), 'the API: /tmp and its upload staging');
    assert.ok(mountsOf('portal-postgres').includes('/var/run/postgresql'));
    assert.ok(mountsOf('portal-web').includes('/var/cache/nginx') && mountsOf('portal-web').includes('/run'));
    assert.ok(mountsOf('portal-seaweedfs').includes('/tmp'), 'the S3 identity file');
    const postgres = w('portal-postgres').spec.template.spec;
    assert.equal(postgres.securityContext.fsGroup, postgres.containers[0].securityContext.runAsUser, 'the volume belongs to its user');
    assert.match(postgres.containers[0].env.find((e) => e.name === 'PGDATA').value, /^\/var\/lib\/postgresql\/data\/.+/, 'a folder inside the volume');
  });

  it('runs every compose service with the same restrictions', () => {
    const rootInCompose = { nginx: rootAllowed['portal-web'], seaweedfs: [] };
    for (const [name, service] of Object.entries(compose.services)) {
      assert.equal(service.read_only, true, `${name}: read-only root filesystem`);
      assert.deepEqual(service.cap_drop, ['ALL'], `${name}: every capability dropped`);
      assert.ok(service.security_opt?.includes('no-new-privileges:true'), `${name}: no privilege escalation`);
      assert.ok(!service.privileged, `${name}: not privileged`);
      assert.ok(service.tmpfs?.length >= 1, `${name}: a tmpfs where it writes`);
      if (rootInCompose[name]) {
        assert.deepEqual([...(service.cap_add ?? [])].sort(), rootInCompose[name], `${name}: only the capabilities it needs`);
        assert.equal(service.user, undefined);
      } else {
        assert.match(service.user ?? '', /^[1-9]\d*:[1-9]\d*$/, `${name}: numeric uid:gid, not root`);
        assert.equal(service.cap_add, undefined);
      }
    }
    // The reasons are written beside them.
    assert.match(read('deploy/compose.yaml'), /nginx image cannot run unprivileged/);
    assert.match(read('deploy/compose.yaml'), /seaweedfs[\s\S]*Runs as the image's root user, with every capability dropped/);
    assert.equal(compose.services['api-1'].user, '1000:1000', 'the same uid as in Kubernetes');
    assert.ok(compose.services['api-1'].tmpfs.some((t) => t.startsWith('/app/data')));
  });
});

function w(name) {
  const found = workloads.find((o) => o.metadata.name === name);
  assert.ok(found, `${name} exists`);
  return found;
}

describe('the S3 bucket lifecycle', () => {
  it('aborts incomplete multipart uploads after one day, and the README says how to set it', () => {
    const lifecycle = JSON.parse(read('deploy/s3/lifecycle.json'));
    const rule = lifecycle.Rules.find((r) => r.AbortIncompleteMultipartUpload);
    assert.ok(rule, 'a rule aborts incomplete multipart uploads');
    assert.equal(rule.Status, 'Enabled');
    assert.equal(rule.AbortIncompleteMultipartUpload.DaysAfterInitiation, 1);
    assert.deepEqual(rule.Filter, { Prefix: '' }, 'for the whole bucket');
    assert.ok(!rule.Expiration, 'never expires a finished object (the documents)');
    assert.match(read('README.md'), /put-bucket-lifecycle-configuration [^\n]*file:\/\/deploy\/s3\/lifecycle\.json/);
  });
});
