/**
 * Offers and decision letters (issue 17 items 5 and 6): offers staff make
 * when accepting an application, the applicant's answer, the lapse job, and
 * the PDF letters with their public verification.
 */
export { issueLetter } from './letters';
export { offersRoutes } from './routes';
export { lapseDueOffers, offerMailLines, offerTerms, openOffer, startOfferLapses, type OfferTerms, type OpenedOffer } from './service';
