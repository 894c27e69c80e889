/** Plain GETs through the engine (industries, SBTi, actions): one item per URL in flight, 2xx answers only, EngineErrors otherwise. */
import { advance, rig, track } from '../rig';

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

describe('other GETs', () => {
  test('identical URLs in flight are one item; the answer is the 2xx item; errors are EngineErrors', async () => {
    const { engine, service } = await rig();
    const calls = [engine.get('/industries?page=1'), engine.get('https://api.example.com/industries?page=1')];
    const missing = track(engine.get('/nothing'));
    await advance(30);
    const [a, b] = await Promise.all(calls);
    expect(a.body).toEqual([{ id: 1, name: 'Cement' }]);
    expect(b).toBe(a);
    expect(missing.error).toMatchObject({ kind: 'not-found', message: 'Not found: /nothing' });
    expect(service.items()).toHaveLength(2);
    await expect(engine.get('https://elsewhere.example/x')).rejects.toMatchObject({ kind: 'invalid' });
  });
});
