import { hash, verify } from '@node-rs/argon2';

// argon2id (the library's default algorithm) with OWASP's minimum memory cost.
const OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/** A counting semaphore: at most `size` holders, the rest wait in order. */
class Slots {
  private free: number;
  private readonly waiting: Array<() => void> = [];

  constructor(size: number) {
    this.free = size;
  }

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.free > 0) this.free -= 1;
    else await new Promise<void>((resolve) => this.waiting.push(resolve));
    try {
      return await work();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.free += 1;
    }
  }
}

/**
 * argon2 runs on libuv's four worker threads (which file reads and DNS also
 * use) and takes about 19 MB and tens of milliseconds each. At most four run
 * at once, and hashing a new password (registration, reset) may take only
 * two of them, so a flood of those leaves sign-ins two threads of their own.
 */
const argon = new Slots(4);
const newPasswords = new Slots(2);

/**
 * What argon2 has done: hashes of new passwords started (tests check that
 * refused requests start none), and the most jobs seen running at once.
 */
export const passwordWork = { hashes: 0, running: 0, peak: 0, hashing: 0, peakHashing: 0 };

async function counted<T>(work: () => Promise<T>, newPassword: boolean): Promise<T> {
  passwordWork.running += 1;
  passwordWork.peak = Math.max(passwordWork.peak, passwordWork.running);
  if (newPassword) {
    passwordWork.hashes += 1;
    passwordWork.hashing += 1;
    passwordWork.peakHashing = Math.max(passwordWork.peakHashing, passwordWork.hashing);
  }
  try {
    return await work();
  } finally {
    passwordWork.running -= 1;
    if (newPassword) passwordWork.hashing -= 1;
  }
}

export function hashPassword(password: string): Promise<string> {
  return newPasswords.run(() => argon.run(() => counted(() => hash(password, OPTIONS), true)));
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await argon.run(() => counted(() => verify(passwordHash, password), false));
  } catch {
    return false;
  }
}

/**
 * A hash of a random password, verified against when the e-mail is unknown so
 * that a login takes as long whether or not the account exists.
 */
let dummyHash: Promise<string> | undefined;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword(`not-a-user-${Math.random()}`);
  return dummyHash;
}
