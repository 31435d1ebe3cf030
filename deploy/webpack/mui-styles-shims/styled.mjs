export { styled as default } from '@mui/material/styles';
