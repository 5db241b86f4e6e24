export { insertAt, type TokenChoice, type TokenFormContext } from './types';
export { TOKEN_TEXTS } from './tokenTexts';
