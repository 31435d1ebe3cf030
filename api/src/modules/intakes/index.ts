/**
 * Admission rounds (issue 16): a university's intakes, the programs they
 * offer with their places, and the rules applying and accepting follow.
 */
export { alreadyAppliedAfterRace, claimPlace, intakeForApplication, OVERRIDE_NEEDS_SUPERUSER, OVERRIDE_ONLY_WHEN_ACCEPTING } from './service';
export { intakesRoutes } from './routes';
