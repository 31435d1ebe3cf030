export { CoursesList } from './components/CoursesList';
export { AddCourse } from './components/AddCourse';
export { EditCourse } from './components/EditCourse';
export { CourseDetail } from './components/CourseDetail';
