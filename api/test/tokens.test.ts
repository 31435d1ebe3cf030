/**
 * The token service remembers tokens it has verified (infrastructure/security/tokens.ts) so that
 * signed-in requests skip the WebCrypto job; what it remembers must still
 * follow the clock exactly as a fresh verification would.
 */
import assert from 'node:assert/strict';
import { afterEach, describe, it, mock } from 'node:test';
import { TokenService } from '../src/infrastructure/security/tokens';

const config = { secret: 'a-secret-that-is-long-enough-for-hs256-0123456789', expiresInSeconds: 60, issuer: 'uniportal', audience: 'uniportal-web' };
const subject = { id: 7, email: 'a@example.test', phone: null, role: 'ADMIN' as const, universityId: 1, name: 'A', tokenVersion: 3, sessionId: 'session-1' };

describe('verified tokens remembered by the token service', () => {
  afterEach(() => mock.timers.reset());

  it('answers a remembered token as before, until the moment it expires', async () => {
    mock.timers.enable({ apis: ['Date'], now: new Date('2026-05-01T12:00:00Z') });
    const tokens = new TokenService(config);
    const token = await tokens.sign(subject);
    assert.deepEqual(await tokens.verify(token), { userId: 7, tokenVersion: 3, sessionId: 'session-1' });
    mock.timers.tick(59_000);
    assert.deepEqual(await tokens.verify(token), { userId: 7, tokenVersion: 3, sessionId: 'session-1' });
    mock.timers.tick(1_000);
    assert.equal(await tokens.verify(token), null, 'expired while remembered');
    assert.equal(await new TokenService(config).verify(token), null, 'and a fresh verification agrees');
  });

  it('remembers only what verified: another secret, a changed byte or a foreign audience stay refused', async () => {
    const tokens = new TokenService(config);
    const token = await tokens.sign(subject);
    assert.ok(await tokens.verify(token));
    assert.equal(await new TokenService({ ...config, secret: `${config.secret}-other` }).verify(token), null);
    assert.equal(await new TokenService({ ...config, audience: 'elsewhere' }).verify(token), null);
    // One signature character changed to another (never to itself: the signature varies with the clock).
    const at = token.length - 2;
    const tampered = `${token.slice(0, at)}${token[at] === 'A' ? 'B' : 'A'}${token.slice(at + 1)}`;
    assert.notEqual(tampered, token);
    assert.equal(await tokens.verify(tampered), null);
  });
});
