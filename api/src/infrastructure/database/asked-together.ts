/**
 * Reads that arrive together are asked together: one statement for all the
 * keys asked for while the previous statements were on their way, instead of
 * one round trip each (the access check of every signed-in request,
 * modules/auth/sessions.ts).
 *
 * Nothing waits on a timer: a key asked for when fewer than `inFlight`
 * statements are out goes at the end of this turn of the event loop, with
 * whatever else this turn asked for; otherwise it goes with the others that
 * waited, the moment a statement comes back. Each statement is sent after its
 * keys were asked for, so it sees every write acknowledged before then, as a
 * statement of its own would.
 */
export interface AskedTogetherOptions {
  /** Statements out at once; more keys wait for one to come back. */
  inFlight: number;
  /** Keys in one statement at most. */
  maxKeys: number;
}

export function askedTogether<K, V>(read: (keys: readonly K[]) => Promise<Map<K, V>>, options: AskedTogetherOptions): (key: K) => Promise<V | undefined> {
  type Waiter = { resolve: (value: V | undefined) => void; reject: (error: unknown) => void };
  const waiting = new Map<K, Waiter[]>();
  let out = 0;
  let scheduled = false;

  function send(): void {
    scheduled = false;
    while (waiting.size > 0 && out < options.inFlight) {
      const batch = new Map<K, Waiter[]>();
      for (const [key, waiters] of waiting) {
        if (batch.size >= options.maxKeys) break;
        batch.set(key, waiters);
      }
      for (const key of batch.keys()) waiting.delete(key);
      out++;
      read([...batch.keys()])
        .then(
          (found) => {
            for (const [key, waiters] of batch) for (const w of waiters) w.resolve(found.get(key));
          },
          (error: unknown) => {
            for (const waiters of batch.values()) for (const w of waiters) w.reject(error);
          },
        )
        .finally(() => {
          out--;
          send();
        });
    }
  }

  return (key) =>
    new Promise<V | undefined>((resolve, reject) => {
      const waiters = waiting.get(key);
      if (waiters) waiters.push({ resolve, reject });
      else waiting.set(key, [{ resolve, reject }]);
      if (!scheduled && out < options.inFlight) {
        scheduled = true;
        setImmediate(send);
      }
    });
}
