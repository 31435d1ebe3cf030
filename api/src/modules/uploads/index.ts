/**
 * Resumable document uploads (tus 1.0 at /api/uploads, issue 19): the
 * routes, what a submission takes from them, and their part of the orphan sweep.
 */
export { uploadRoutes, UPLOADS_PATH } from './routes';
export { attachUploadedDocuments, NO_SUCH_UPLOAD_MESSAGE, ownUpload, sweepStaleUploads, uploadedDocumentsFor, STORAGE_FULL_MESSAGE, type UploadedDocument } from './service';
export { uploadStoreFor } from './store';
