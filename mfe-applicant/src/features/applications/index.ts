export { ApplicationsList } from './components/ApplicationsList';
export { ApplicationDetail } from './components/ApplicationDetail';
