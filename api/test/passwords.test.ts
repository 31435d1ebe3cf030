/**
 * argon2 runs in bounded slots (infrastructure/security/passwords.ts): at most four jobs at once,
 * and hashing new passwords (registration, reset) at most two of them, so a
 * flood of those leaves sign-ins room to verify.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { hashPassword, passwordWork, verifyPassword } from '../src/infrastructure/security/passwords';

describe('password hashing slots', () => {
  it('never runs more than four argon2 jobs, nor more than two new-password hashes, at once', async () => {
    const known = await hashPassword('Kafue-River-2026');
    passwordWork.peak = 0;
    passwordWork.peakHashing = 0;
    const hashes = Array.from({ length: 10 }, (_, i) => hashPassword(`Flood-${i}-password`));
    assert.equal(passwordWork.running, 2, 'two new-password hashes run, eight wait');
    // A sign-in arriving behind the flood of new passwords starts at once, not after the eight.
    const signIn = verifyPassword(known, 'Kafue-River-2026');
    assert.equal(passwordWork.running, 3, 'the sign-in runs beside them');
    const others = Array.from({ length: 3 }, () => verifyPassword(known, 'Wrong-password-1'));
    assert.equal(passwordWork.running, 4, 'up to four jobs at once');
    assert.equal(await signIn, true);
    assert.deepEqual(await Promise.all(others), [false, false, false]);
    await Promise.all(hashes);
    assert.equal(passwordWork.peak, 4);
    assert.equal(passwordWork.peakHashing, 2);
    assert.equal(passwordWork.running, 0);
  });
});
