export { Dashboard } from './components/Dashboard';
