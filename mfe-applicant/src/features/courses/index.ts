export { ProgramCourses } from './components/ProgramCourses';
