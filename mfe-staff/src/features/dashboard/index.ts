export { Dashboard } from './components/Dashboard';
export { DASHBOARD_STATS_PATH } from './api/getDashboardStats';
