export { UsersList } from './components/UsersList';
export { AddAdmin } from './components/AddAdmin';
