/** Request and answer shapes only this API uses (the shared ones are in shared-api's contract). */
import { Application, ErrorBody, Id } from 'shared-api/contract';
import { z } from 'zod';

/** `application` is absent only when the saved application could not be read back at once. */
export const SubmitResponse = z.object({ message: z.string(), id: z.number(), application: Application.optional() });
export const UserParams = z.object({ userId: Id }).strict();

/** A closed intake, or a second application to one: the latter names the first (`applicationId`). */
export const AlreadyAppliedBody = ErrorBody.extend({ applicationId: z.number().optional() });

export const ApplicationParams = z.object({ applicationId: Id }).strict();
export const FileParams = z.object({ fileId: Id }).strict();
export const DocumentParams = z.object({ id: Id, documentId: Id }).strict();
