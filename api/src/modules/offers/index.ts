/**
 * Offers and decision letters (issue 17 items 5 and 6): offers staff make
 * when accepting an application, the applicant's answer, the lapse job (with its 48-hour warning), and
 * the PDF letters with their public verification.
 */
export { issueLetter } from './letters';
export { offersRoutes } from './routes';
export { lapseDueOffers, offerMailLines, offerTerms, openOffer, startOfferLapses, warnLapsingOffers, type OfferTerms, type OpenedOffer } from './service';
