export { ApplicationWizard } from './components/ApplicationWizard';
