/** Shapes only the offers routes use (the shared ones are shared-api's contract). */
import { z } from 'zod';

/** An offer's answer changes nothing but its state: the body, if any, is an empty object. */
export const NoBody = z.object({}).strict().nullish();
