export { FormActionBar, type FormActionBarProps } from './FormActionBar';
