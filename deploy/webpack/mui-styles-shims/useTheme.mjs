export { useTheme as default } from '@mui/material/styles';
