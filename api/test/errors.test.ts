import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import Fastify from 'fastify';
import { isDatabaseUnavailable, registerErrorHandling } from '../src/errors';

describe('the one error handler', () => {
  it('answers a lost database with 503 and a retry hint, never the cause', async () => {
    const app = Fastify({ logger: false });
    registerErrorHandling(app);
    app.get('/down', async () => {
      throw Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });
    });
    app.get('/bug', async () => {
      throw new Error('secret internals at /srv/app.ts:12');
    });
    const down = await app.inject({ method: 'GET', url: '/down' });
    assert.equal(down.statusCode, 503);
    assert.equal(down.headers['retry-after'], '5');
    assert.deepEqual(down.json(), { message: 'The service is briefly unavailable. Please try again in a moment.', error: 'Service Unavailable' });
    const bug = await app.inject({ method: 'GET', url: '/bug' });
    assert.equal(bug.statusCode, 500);
    assert.doesNotMatch(bug.body, /secret internals|srv/);
    await app.close();
  });

  it('recognises dropped connections wrapped by the ORM', () => {
    assert.equal(isDatabaseUnavailable(new Error('Failed query', { cause: Object.assign(new Error('x'), { code: 'ECONNREFUSED' }) })), true);
    assert.equal(isDatabaseUnavailable(new Error('Connection terminated unexpectedly')), true);
    assert.equal(isDatabaseUnavailable(Object.assign(new Error('duplicate'), { code: '23505' })), false);
  });
});
