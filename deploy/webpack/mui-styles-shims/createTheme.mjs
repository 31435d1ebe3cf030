export { createTheme as default } from '@mui/material/styles';
