/**
 * SBTI's company argument reads an ISIN or an LEI by the organization argument's rule: the same text is
 * the same identifier, the same refusal or a name in both (any case, spaces or dashes when the check
 * digits pass, after its label).
 */
import { ArgumentError } from '../../src/functions/arguments/argumentError';
import { parseOrganization } from '../../src/functions/arguments/organizationArgument';
import { parseSbtiCompany } from '../../src/functions/referenceData';
import { BAD_LEI, ISIN, LEI } from './badInputs';

/** What a reading made of a text: "ISIN <value>", "LEI <value>", "name", or the message it was refused with. */
function reading(read: () => { kind: string; text: string }): string {
  try {
    const { kind, text } = read();
    return kind === 'isin' || kind === 'lei' ? `${kind.toUpperCase()} ${text}` : kind;
  } catch (error) {
    if (error instanceof ArgumentError) return error.message;
    throw error;
  }
}

test.each<[string, string]>([
  [ISIN, `ISIN ${ISIN}`],
  [ISIN.toLowerCase(), `ISIN ${ISIN}`],
  ['Us0378331005', `ISIN ${ISIN}`],
  ['US 0378331005', `ISIN ${ISIN}`],
  ['US-037833100-5', `ISIN ${ISIN}`],
  ['us03 7833 1005', `ISIN ${ISIN}`],
  ['US03 7833 1005', `ISIN ${ISIN}`],
  ['isin:us0378331005', `ISIN ${ISIN}`],
  ['US0378331006', 'Not a valid ISIN: check digit fails.'],
  ['US037833100', 'Not a valid ISIN: must be 12 characters, got 11.'],
  ['us0378331006', 'name'],
  ['name:US0378331005', 'name'],
  ['Apple Inc.', 'name'],
  [`ISIN ${ISIN}`, `ISIN ${ISIN}`],
  [LEI, `LEI ${LEI}`],
  [LEI.toLowerCase(), `LEI ${LEI}`],
  [`lei:${LEI}`, `LEI ${LEI}`],
  [`LEI ${LEI}`, `LEI ${LEI}`],
  [BAD_LEI, 'Not a valid LEI: check digits fail.'],
  [`LEI ${ISIN}`, 'Not a valid LEI: must be 20 characters, got 12.'],
  ['LEI Holdings', 'name'],
])('%s', (text, expected) => {
  expect([reading(() => parseOrganization(text)), reading(() => parseSbtiCompany(text))]).toEqual([expected, expected]);
});
