// What Remove says: only the project in use gets more than one sentence, saying what the cells use now.
import { defaultSettings, type Settings } from '../../../src/settings/settings';
import { removedMessage } from '../../../src/taskpane/projects/projectsModel';

const now = (patch: Partial<Settings>): Settings => ({ ...defaultSettings(), apiKey: null, ...patch });
const STOPPED = 'Removed project Board from this computer. It was the project in use: its key is no longer sent, and';

test.each([
  ['another project', false, now({ apiKey: 'everyday-key-1234' }), 'Removed project Board from this computer.'],
  [
    'the one in use, with nothing left',
    true,
    now({}),
    `${STOPPED} no API key is set. Choose Use on another project, or enter a key under Connection.`,
  ],
  [
    'the one a session used, the saved project back',
    true,
    now({ apiKey: 'everyday-key-1234', project: { id: '1', name: 'Everyday' } }),
    `${STOPPED} cells use project Everyday now.`,
  ],
  [
    'the one in use, a key of no project left (the sandbox demo key)',
    true,
    now({ apiKey: 'sandbox-demo-key' }),
    `${STOPPED} cells use the key under Connection now.`,
  ],
])('removing %s', (_label, stoppedInUse, settings, expected) => {
  expect(removedMessage('Board', stoppedInUse, settings)).toBe(expected);
});
