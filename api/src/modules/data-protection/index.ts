/**
 * Data protection (Zambia's Data Protection Act 2021): an applicant's copy of
 * everything stored about them, and the deletion of their account. Served
 * under /api/users/me by the users module's routes.
 */
export { deleteOwnAccount, exportPersonalData } from './service';
