/**
 * The cards the shim shows for CLIMATE.ORG, per supplier name: an Entity cell value whose properties
 * are the PROFILE fields under their headers (the names CLIMATE.ORG gives them), read from the
 * sandbox's record for that name by the functions' own field readers. A dot formula the pane writes
 * then reads a value only if it names a property the card has.
 */
import { PROFILE_FIELDS } from '../../../src/functions/fields';
import { matchInputOf, readMatch } from '../../../src/functions/nameMatch';
import { parseOrganization } from '../../../src/functions/organizationArgument';
import type { Population } from '../../../src/sandbox/population';

export function cardEntities(population: Population, names: readonly string[]): Record<string, unknown> {
  const cards: Record<string, unknown> = {};
  for (const name of names) {
    const record = population.recordFor({ name });
    if (record === null) {
      cards[name.toLowerCase()] = '#N/A';
      continue;
    }
    const match = () => readMatch(matchInputOf(parseOrganization(name)), record, () => false);
    const properties = Object.fromEntries(
      PROFILE_FIELDS.map((field) => {
        const value = field.read(record, '0-100', match);
        if (value === null) return [field.header, { type: 'Error', errorType: 'NotAvailable' }];
        const type = typeof value === 'number' ? 'Double' : typeof value === 'boolean' ? 'Boolean' : 'String';
        return [field.header, { type, basicValue: value }];
      }),
    );
    cards[name.toLowerCase()] = { type: 'Entity', text: record.matching_organization?.name ?? name, properties };
  }
  return cards;
}
