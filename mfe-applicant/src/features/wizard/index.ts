export { ApplicationWizard } from './components/ApplicationWizard';
export { wizardPageData } from './api/page-data';
