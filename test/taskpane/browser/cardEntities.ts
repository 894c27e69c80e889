/**
 * The cards the shim shows for CLIMATE.ORG, per supplier name: the entity CLIMATE.ORG itself builds
 * (src/functions/results/organizationEntity.ts) from the sandbox's record for that name, so a dot formula the
 * pane writes reads a value only if it names a property the real card has.
 */
import { matchInputOf, readMatch } from '../../../src/functions/results/nameMatch';
import { organizationEntity } from '../../../src/functions/results/organizationEntity';
import { parseOrganization } from '../../../src/functions/arguments/organizationArgument';
import type { Population } from '../../../tools/sandbox/world/population';

export function cardEntities(population: Population, names: readonly string[]): Record<string, unknown> {
  const cards: Record<string, unknown> = {};
  for (const name of names) {
    const record = population.recordFor({ name });
    const argument = parseOrganization(name);
    const match = () => readMatch(matchInputOf(argument), record!, () => false);
    cards[name.toLowerCase()] =
      record === null
        ? '#N/A'
        : organizationEntity(
            { record, requested: argument.text, match, receivedAt: Date.now(), argument },
            { dataTypes: false, scoreScale: '0-100', logoUrl: null },
          );
  }
  return cards;
}
