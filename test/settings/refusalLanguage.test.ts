/**
 * The settings' refusals in the person's language, and known by what was refused rather than by their
 * words: a refused patch names its settings (SettingsRefusedError.fields), which the pane marks its
 * fields by; a stored key refused at load is said in the language in force when it is asked for, since
 * the runtime loads its settings before Office has told it the display language.
 */
import { setLanguage, t } from '../../src/i18n/translate';
import { SETTINGS_LIMITS, SettingsRefusedError, SettingsStore } from '../../src/settings/settings';
import { MemoryStorage } from '../../src/settings/storage';

afterEach(() => setLanguage('en'));

test('a refused patch names each refused setting, in German as in English, and nothing is saved', async () => {
  setLanguage('de');
  const store = new SettingsStore(new MemoryStorage());
  await store.load();
  const refusal = await store
    .update({ baseUrl: 'https://nutzer:kennwort@klima.example', apiKey: 'zu kurz', maxBatch: 5 })
    .catch((error: unknown) => error);
  expect(refusal).toBeInstanceOf(SettingsRefusedError);
  expect((refusal as SettingsRefusedError).fields).toEqual(['baseUrl', 'apiKey']);
  expect((refusal as Error).message).toBe(`${t('service.address.parts')} ${t('settings.refused.apiKey')}`);
  expect((refusal as Error).message).toMatch(/^Die Adresse des Dienstes/);
  expect(store.current().maxBatch).not.toBe(5);
});

test('in Japanese the refusals are put together without a space after 。', async () => {
  setLanguage('ja');
  const store = new SettingsStore(new MemoryStorage());
  await store.load();
  const refusal = (await store.update({ scoreScale: '1-10' as never, maxBatch: 0 }).catch((e: unknown) => e)) as Error;
  expect(refusal.message).toBe(
    `${t('settings.refused.scoreScale')}${t('settings.refused.number', { setting: t('settings.name.maxBatch'), ...SETTINGS_LIMITS.maxBatch })}`,
  );
});

test('a stored key refused at load is said in the language in force when it is asked for', async () => {
  const storage = new MemoryStorage();
  await storage.setItem('climate.apiKey', 'short');
  const store = new SettingsStore(storage);
  await store.load(); // in English: Office has not told the runtime its language yet
  setLanguage('de');
  expect(store.keyProblem()).toBe(t('settings.storedKeyInvalid'));
  expect(store.keyProblem()).toMatch(/^Der API-Schlüssel in den Einstellungen ist ungültig/);
});
