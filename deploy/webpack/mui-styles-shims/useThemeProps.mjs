export { useThemeProps as default } from '@mui/material/styles';
