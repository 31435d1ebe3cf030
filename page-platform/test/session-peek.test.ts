import { peekSession, peekStoredSession, SESSION_TOKEN_KEY } from '../src/session-peek';
import { token } from './tokens';

const now = Date.UTC(2026, 10, 25, 12);
const inAnHour = now / 1000 + 3600;

describe('the session peek', () => {
  it('keeps the token under the storage key of spec §9', () => {
    expect(SESSION_TOKEN_KEY).toBe('user');
  });

  it("reads a live token's role, expiry and claims, names in any script included", () => {
    const peek = peekSession(token({ role: 'ADMIN', exp: inAnHour, name: 'Chishimba Mwansa-Ngʼandu', email: 'a@b.zm' }), now);
    expect(peek).toEqual({ role: 'ADMIN', exp: inAnHour, claims: { role: 'ADMIN', exp: inAnHour, name: 'Chishimba Mwansa-Ngʼandu', email: 'a@b.zm' } });
  });

  it('says nothing of a token that has expired, names no role of the portal, or cannot be read', () => {
    expect(peekSession(token({ role: 'USER', exp: now / 1000 }), now)).toBeNull();
    expect(peekSession(token({ role: 'USER' }), now)).toBeNull();
    expect(peekSession(token({ role: 'ROOT', exp: inAnHour }), now)).toBeNull();
    expect(peekSession(token({ exp: inAnHour }), now)).toBeNull();
    for (const unreadable of ['', 'not-a-token', 'a.%%%.c', 'a.bnVsbA.c', `a.${Buffer.from('"text"').toString('base64url')}.c`, null, undefined]) {
      expect(peekSession(unreadable, now)).toBeNull();
    }
  });

  it('reads the stored token, and nothing when storage refuses to be read', () => {
    const stored = token({ role: 'USER', exp: inAnHour });
    expect(peekStoredSession({ getItem: (key) => (key === SESSION_TOKEN_KEY ? stored : null) }, now)?.role).toBe('USER');
    expect(peekStoredSession({ getItem: () => null }, now)).toBeNull();
    expect(
      peekStoredSession(
        {
          getItem: () => {
            throw new Error('SecurityError');
          },
        },
        now,
      ),
    ).toBeNull();
  });
});
