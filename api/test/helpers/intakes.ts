/**
 * Intake tests: a clock the test moves (never a sleep) and intakes made
 * through the real route.
 */
import type { Clock } from '../../src/context';
import { intakePrograms, intakes } from '../../src/infrastructure/database/schema';
import { call } from './fixtures';
import type { TestApp } from './test-app';

export interface MovableClock extends Clock {
  set(at: string | Date): void;
  advance(ms: number): void;
}

export function movableClock(start: string | Date): MovableClock {
  let current = new Date(start);
  return {
    now: () => new Date(current),
    set: (at) => {
      current = new Date(at);
    },
    advance: (ms) => {
      current = new Date(current.getTime() + ms);
    },
  };
}

export const DAY = 24 * 60 * 60 * 1000;

export function intakeBody(programs: { programId: number; capacity?: number | null }[], extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name: '2027 January intake',
    opensAt: '2027-01-01T00:00:00.000Z',
    closesAt: '2027-02-01T00:00:00.000Z',
    programs,
    ...extra,
  };
}

/** Creates an intake as `token` and returns its id, failing loudly otherwise. */
export async function createIntake(t: TestApp, token: string, universityId: number, body: Record<string, unknown>): Promise<number> {
  const res = await call(t, 'POST', `/api/universities/${universityId}/intakes`, { token, json: body });
  if (res.statusCode !== 201) throw new Error(`intake not created: ${res.statusCode} ${res.body}`);
  return res.json().id as number;
}

/**
 * An intake straight in the database (for tests whose subject is not the
 * intake rules): upcoming in 2090 unless dates are given.
 */
export async function insertIntake(
  t: TestApp,
  universityId: number,
  programIds: number[],
  options: { name?: string; opensAt?: Date; closesAt?: Date; capacity?: number | null } = {},
): Promise<number> {
  insertCounter += 1;
  const [row] = await t.ctx.db
    .insert(intakes)
    .values({
      universityId,
      name: options.name ?? `Test intake ${insertCounter}`,
      opensAt: options.opensAt ?? new Date('2090-01-01T00:00:00Z'),
      closesAt: options.closesAt ?? new Date('2090-02-01T00:00:00Z'),
    })
    .returning({ id: intakes.id });
  await t.ctx.db.insert(intakePrograms).values(programIds.map((programId) => ({ intakeId: row!.id, programId, capacity: options.capacity ?? null })));
  return row!.id;
}
let insertCounter = 0;
