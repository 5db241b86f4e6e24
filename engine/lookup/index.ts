export type { LookupFormContext, LookupOption, LookupRequest, LookupStatus, LookupTransport } from './types';
export {
  findOptionSources,
  OptionSourceError,
  parseOptionSource,
  type FoundOptionSource,
  type OptionSource,
  type OptionSourceDeclaration,
} from './parseOptionSource';
export { getByPointer, isJsonPointer, pointerTokens } from './jsonPointer';
export { OptionIndex, Selection, optionKey } from './OptionIndex';
export { LookupQuery, searchText } from './LookupQuery';
export { LookupSession } from './LookupSession';
export {
  answerItems,
  LookupAnswerError,
  LookupStore,
  resolveParams,
  stableStringify,
  toOptions,
  type LookupStoreOptions,
} from './LookupStore';
export { checkList, ListCheckError, parseListCheck, type ListCheckSource } from './listCheck';
export { parseOptionSourceOnce, useOptionSource, type OptionSourceContext } from './useOptionSource';
