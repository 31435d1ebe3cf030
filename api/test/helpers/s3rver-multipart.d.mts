/** Adds ListParts and AbortMultipartUpload to an s3rver instance not yet running (see s3rver-multipart.mjs). */
export function fillMultipartGaps<Server>(server: Server): Server;
