export { Profile } from './components/Profile';
