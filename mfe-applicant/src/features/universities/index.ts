export { UniversityList } from './components/UniversityList';
export { UniversityDetail } from './components/UniversityDetail';
