/**
 * The formula-value preview shows only what this runtime holds for the settings in force: a figure
 * read before the key or the project changed is not previewed after the change (OrganizationSource's
 * memory of final outcomes goes with the engine's scope), over the engine rig's fake service.
 */
import { OrganizationSource, PreviewNotice } from '../../src/functions/organizationSource';
import { advance, rig, track } from '../engine/rig';

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

/** The preview of `=CLIMATE.SCORE("Acme")` (a preview without a held value throws, as settle expects). */
const previewOf = (source: OrganizationSource) =>
  Promise.resolve().then(() => source.outcome('Acme', null, null, { preview: true }));

test.each([
  ['the key', { apiKey: 'dc_client_b_0123456789' }],
  ['the project', { project: { id: '10', name: 'Other' } }],
])('a figure read before %s changed is not previewed after', async (_label, change) => {
  const keyed = await rig({
    apiKey: 'dc_client_a_0123456789',
    privatePerformances: true,
    project: { id: '9', name: 'Suppliers' },
  });
  const source = new OrganizationSource(() => keyed.engine);
  const entered = track(Promise.resolve(source.outcome('Acme', null, null, {})));
  await advance(60);
  expect(entered.value?.record.name).toBe('Org 1 (private)');
  await expect(previewOf(source)).resolves.toMatchObject({ record: { id: 1 } });

  await keyed.settings.update(change);
  await keyed.engine.loading();
  await expect(previewOf(source)).rejects.toBeInstanceOf(PreviewNotice);
});
