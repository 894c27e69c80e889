import { MemoryStorage } from '../../../src/settings/storage';
import { PROJECTS_STORAGE_KEY, ProjectStore, TEAM_KEY_STORAGE_KEY } from '../../../src/taskpane/common/projectStore';

const SERVICE = 'https://api.ditchcarbon.com';

describe('saved projects', () => {
  test('saved, replaced by id only (the service sent the same project again), private performances set, removed', async () => {
    const store = new ProjectStore(new MemoryStorage());
    await store.save({
      id: '7',
      name: 'Suppliers 2025',
      apiKey: 'key-one-1234',
      origin: SERVICE,
      privatePerformances: false,
    });
    await store.save({ id: null, name: 'Pasted', apiKey: 'key-two-1234', origin: SERVICE, privatePerformances: false });
    await store.save({
      id: '7',
      name: 'Suppliers 2025 (renamed)',
      apiKey: 'key-one-1234',
      origin: SERVICE,
      privatePerformances: true,
    });
    await store.setPrivatePerformances({ id: null, name: 'Pasted' }, true);
    expect((await store.list()).map((p) => [p.id, p.name, p.apiKey, p.privatePerformances])).toEqual([
      [null, 'Pasted', 'key-two-1234', true],
      ['7', 'Suppliers 2025 (renamed)', 'key-one-1234', true],
    ]);
    await store.remove({ id: '7', name: 'whatever' });
    expect((await store.list()).map((p) => p.name)).toEqual(['Pasted']);
    await expect(
      store.save({ id: null, name: ' ', apiKey: 'k', origin: SERVICE, privatePerformances: false }),
    ).rejects.toThrow('needs a name');
  });

  test('a project whose key or name the settings would refuse is refused when it is saved, not when it is used, and nothing is kept', async () => {
    const store = new ProjectStore(new MemoryStorage());
    await store.save({ id: '1', name: 'Kept', apiKey: 'key-kept-1234', origin: SERVICE, privatePerformances: false });
    const refused: Array<[string, string, string]> = [
      ['Typed', 'short', 'The API key must be 8 to 512 characters without spaces'],
      ['Typed', 'has a space-1234', 'The API key must be 8 to 512 characters without spaces'],
      ['From the service', 'key-1234\r\nX-Injected: 1', 'The API key must be 8 to 512 characters without spaces'],
      ['From the service', 'k'.repeat(513), 'The API key must be 8 to 512 characters without spaces'],
      ['n'.repeat(201), 'key-fine-1234', 'The project needs a name of 1 to 200 characters'],
    ];
    for (const [name, apiKey, message] of refused) {
      await expect(store.save({ id: null, name, apiKey, origin: SERVICE, privatePerformances: false })).rejects.toThrow(
        message,
      );
    }
    expect((await store.list()).map((p) => p.name)).toEqual(['Kept']);
  });

  test("a project under a saved project's name (any case) is refused, naming it; nothing is changed", async () => {
    const store = new ProjectStore(new MemoryStorage());
    await store.save({
      id: '2',
      name: 'Procurement 2026',
      apiKey: 'key-issued-1234',
      origin: SERVICE,
      privatePerformances: true,
    });
    await store.save({
      id: null,
      name: 'Pasted',
      apiKey: 'key-pasted-1234',
      origin: SERVICE,
      privatePerformances: false,
    });
    const before = await store.list();
    const refusal = (name: string) =>
      `A project named ${name} is already saved on this computer: remove it first to replace it, or choose another name.`;
    const clashes: Array<[string | null, string, string]> = [
      [null, 'procurement 2026', 'Procurement 2026'], // added by hand: would lose the saved id and key
      [null, ' PASTED ', 'Pasted'],
      ['9', 'Procurement 2026', 'Procurement 2026'], // another project the service made
      ['9', 'pasted', 'Pasted'],
    ];
    for (const [id, name, saved] of clashes) {
      await expect(
        store.save({ id, name, apiKey: 'key-colleague-1234', origin: SERVICE, privatePerformances: false }),
      ).rejects.toThrow(refusal(saved));
      await expect(store.checkNameFree(name)).rejects.toThrow(refusal(saved));
    }
    expect(await store.list()).toEqual(before);
    await expect(store.checkNameFree('Procurement 2027')).resolves.toBeUndefined();
  });

  test('a project keeps the origin its key was entrusted to; one saved before projects recorded it has none', async () => {
    const storage = new MemoryStorage();
    await storage.setItem(
      PROJECTS_STORAGE_KEY,
      JSON.stringify([
        { id: '1', name: 'Earlier version', apiKey: 'key-earlier-1234', privatePerformances: false },
        { id: '2', name: 'Tampered', apiKey: 'key-tampered-1234', origin: 'javascript:alert(1)' },
      ]),
    );
    const store = new ProjectStore(storage);
    await store.save({ id: '3', name: 'Board', apiKey: 'key-board-1234', origin: SERVICE, privatePerformances: false });
    const origins = async () => (await store.list()).map((p) => [p.name, p.origin]);
    expect(await origins()).toEqual([
      ['Earlier version', null],
      ['Tampered', null],
      ['Board', SERVICE],
    ]);
    // The person confirmed the key for another address: every project with that key is entrusted there.
    await store.entrust('key-earlier-1234', 'http://localhost:9999');
    expect(await origins()).toEqual([
      ['Earlier version', 'http://localhost:9999'],
      ['Tampered', null],
      ['Board', SERVICE],
    ]);
  });

  test('a damaged list reads as empty instead of breaking the pane', async () => {
    const storage = new MemoryStorage();
    await storage.setItem(PROJECTS_STORAGE_KEY, '{not json');
    expect(await new ProjectStore(storage).list()).toEqual([]);
    await storage.setItem(
      PROJECTS_STORAGE_KEY,
      JSON.stringify([{ name: 'No key' }, { name: 'Ok', apiKey: 'key-ok-1234' }]),
    );
    expect((await new ProjectStore(storage).list()).map((p) => p.name)).toEqual(['Ok']);
  });

  test('the team key is kept only on request, and forgotten on request', async () => {
    const storage = new MemoryStorage();
    const store = new ProjectStore(storage);
    expect(await store.teamKey()).toBeNull();
    await store.rememberTeamKey('sandbox-team-key', 'http://localhost:4010');
    expect(await store.teamKey()).toEqual({ key: 'sandbox-team-key', origin: 'http://localhost:4010' });
    await store.rememberTeamKey(null, 'http://localhost:4010');
    expect(await store.teamKey()).toBeNull();
  });

  test('a team key remembered without its origin, or with one that does not check, is entrusted to none', async () => {
    const storage = new MemoryStorage();
    const store = new ProjectStore(storage);
    await storage.setItem(TEAM_KEY_STORAGE_KEY, 'sandbox-team-key'); // as kept before keys recorded their origin
    expect(await store.teamKey()).toEqual({ key: 'sandbox-team-key', origin: null });
    await storage.setItem(TEAM_KEY_STORAGE_KEY, JSON.stringify({ key: 'team-key', origin: 'javascript:alert(1)' }));
    expect(await store.teamKey()).toEqual({ key: 'team-key', origin: null });
  });
});
