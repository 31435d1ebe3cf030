export { ProgramsList } from './components/ProgramsList';
export { AddProgram } from './components/AddProgram';
export { EditProgram } from './components/EditProgram';
export { ProgramDetail } from './components/ProgramDetail';
