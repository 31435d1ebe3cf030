export { ApplicationsList } from './components/ApplicationsList';
export { ApplicationDetail } from './components/ApplicationDetail';
export { FIRST_PAGE_PATH } from './first-page';
