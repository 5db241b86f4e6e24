export {
  DecimalError,
  ZERO,
  addDecimals,
  averageDecimals,
  compareDecimals,
  decimalToNumber,
  formatDecimal,
  parseDecimal,
  roundDecimal,
  sumDecimals,
  tryParseDecimal,
  type Decimal,
} from './decimal';
export { MISSING_VALUE, formatNumber, numberFormat, type NumberKind } from './numberFormat';
export { addDays, dayOf, dayRangeProblem, daysBetween, everyDay, type DayRange } from './days';
export { DATE_PATTERN, formatDatePattern } from './datePattern';
