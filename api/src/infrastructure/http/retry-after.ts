/** A refusal for too many attempts (429) tells the client when to try again. */
import type { FastifyReply } from 'fastify';
import { TooManyAttempts } from '../rate-limit';

export async function withRetryAfter<T>(reply: FastifyReply, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof TooManyAttempts) reply.header('retry-after', String(error.retryAfterSeconds));
    throw error;
  }
}
