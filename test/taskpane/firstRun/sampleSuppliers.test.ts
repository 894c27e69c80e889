/**
 * The first run's sample suppliers are organizations the sandbox knows: the first twenty of its
 * default population (seed 1), whatever the population's size, so "Try it on the sandbox" scores
 * every row on a sandbox started with its defaults or with a small population (the browser tests').
 */
import SAMPLE_SUPPLIERS from '../../../src/taskpane/firstRun/sampleSuppliers.json';
import { Population } from '../../../tools/sandbox/world/population';
import { SANDBOX_DEFAULT_ORGANIZATIONS } from '../../../tools/sandbox/server/server';
import { freeSheetName } from '../../../src/taskpane/firstRun/sampleSheet';

test.each([20, SANDBOX_DEFAULT_ORGANIZATIONS])(
  'the sample names are the sandbox’s first organizations (%i of them)',
  (size) => {
    const population = new Population({ seed: 1, organizations: size });
    expect(population.organizations.slice(0, SAMPLE_SUPPLIERS.length).map((org) => org.name)).toEqual(
      SAMPLE_SUPPLIERS.map(([name]) => name),
    );
  },
);

test('every sample supplier has a positive spend, twenty of them', () => {
  expect(SAMPLE_SUPPLIERS).toHaveLength(20);
  for (const [, spend] of SAMPLE_SUPPLIERS) expect(Number(spend)).toBeGreaterThan(0);
});

test('the sample sheet takes the first name no sheet bears, comparing without case as Excel does', () => {
  expect(freeSheetName('Sample suppliers', ['Suppliers'])).toBe('Sample suppliers');
  expect(freeSheetName('Sample suppliers', ['SAMPLE suppliers', 'sample suppliers 2'])).toBe('Sample suppliers 3');
});
