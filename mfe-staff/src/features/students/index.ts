export { StudentsList } from './components/StudentsList';
