/** Request shapes only this API uses (the shared ones are in shared-api's contract). */
import { PlainString } from 'shared-api/contract';
import { z } from 'zod';

/** The sandbox checkout's outcome, as the widget sends it. */
export const OutcomeBody = z
  .object({
    key: PlainString.max(200),
    reference: z.string().regex(/^[A-Za-z0-9_-]{6,80}$/),
    // Any text, as a tampering widget may send it; control characters are refused like everywhere.
    amount: z.union([z.number(), PlainString.max(40)]),
    currency: PlainString.max(10),
    channel: z.enum(['card', 'mobile-money']),
    outcome: z.enum(['success', 'failure', 'pending-then-success']),
  })
  .strict();

export const ReferenceParams = z.object({ reference: PlainString.max(200) }).strict();
