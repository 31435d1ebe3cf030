// The bench's baseline: a bare Fastify hello-world in a process of its own, as the
// portal runs in one, so the load generator never shares a thread with either
// (in the bench's own process it measured about 1.7× slower and inflated every ratio).
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const Fastify = createRequire(path.join(ROOT, 'api', 'package.json'))('fastify');
const app = Fastify({ logger: false });
app.get('/hello', async () => ({ hello: 'world' }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
