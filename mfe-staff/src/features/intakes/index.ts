export { IntakesList } from './components/IntakesList';
export { AddIntake } from './components/AddIntake';
export { EditIntake } from './components/EditIntake';
export { IntakeDetail } from './components/IntakeDetail';
