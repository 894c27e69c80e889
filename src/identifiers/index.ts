/** Check and generate the organization identifiers the service accepts: DUNS, LEI, ISIN, S&P Global. */
export type { IdentifierCheck, RandomSource } from './check';
export { validateLei, computeLeiCheckDigits, generateLei } from './lei';
export { validateIsin, computeIsinCheckDigit, generateIsin } from './isin';
export { validateDuns, generateDuns } from './duns';
export { validateSpGlobal, generateSpGlobal } from './spGlobal';
export { validateCountry } from './country';
