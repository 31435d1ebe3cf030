/**
 * Start-up data: the first superuser from the environment and, once per
 * database, the demo data set (data.ts; deploy/demo-logins.json is its list of
 * logins written out).
 */
export { DEMO_LOGINS, type DemoLogin } from './data';
export { bootstrapData, DEMO_SETTING_KEY } from './service';
