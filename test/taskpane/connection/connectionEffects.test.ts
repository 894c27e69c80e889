// When a change of connection settings must reach the cells (a recalculation of the workbook).
import { defaultSettings } from '../../../src/settings/settings';
import { needsRecalculation } from '../../../src/taskpane/connection/connectionEffects';

describe('which settings changes recalculate the workbook', () => {
  const base = defaultSettings();
  test.each([
    ['a new key', { apiKey: 'another-key-1234' }, true],
    ['another service', { baseUrl: 'https://api.ditchcarbon.com' }, true],
    ['another project', { project: { id: '9', name: 'Nine' } }, true],
    ['private performances', { privatePerformances: true }, true],
    ['the score scale', { scoreScale: '0-1' as const }, true],
    ['the batch size only', { maxBatch: 20 }, false],
  ])('%s', (_label, patch, expected) => {
    expect(needsRecalculation(base, { ...base, ...patch })).toBe(expected);
  });
});
