export { UniversitiesList } from './components/UniversitiesList';
export { AddUniversity } from './components/AddUniversity';
export { EditUniversity } from './components/EditUniversity';
export { UniversityDetail } from './components/UniversityDetail';
