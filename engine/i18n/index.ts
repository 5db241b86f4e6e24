export { fillPlaceholders, type MessageValues, type Translator } from './Translator';
export { TranslatorContext, useTexts, useTranslator } from './TranslatorContext';
export { localizeUiSchema, schemaTexts, unlabelledEnums, type SchemaText, type SchemaTextKind, type SchemaTextSource } from './schemaTexts';
export { translatedErrorMessage, validationMessageId, validationMessageIds } from './validationMessages';
export { rjsfEnglishMessages, rjsfStringId, rjsfTranslateString } from './rjsfStrings';
export { displayName, languageName, regionName, type DisplayNameType } from './displayNames';
export { pickTranslation } from './pickTranslation';
