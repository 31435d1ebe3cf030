/**
 * The catalogue: universities, programs and courses, who may change them
 * (reach), and their wire shapes.
 */
export { coursesRoutes, programsRoutes, universitiesRoutes } from './routes';
export { inReach, MESSAGES as CATALOGUE_MESSAGES, programsByIds, universityExists } from './service';
