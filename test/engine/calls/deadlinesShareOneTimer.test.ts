/**
 * The deadlines of a table's flights share one timer: a cold sheet starts a flight per distinct
 * organization, and a browser timer for each cost the page's thread more than the flights' own work.
 * Each caller still fails at its own deadline, and nothing is left waiting once every flight has its answer.
 */
import { Deadlines } from '../../../src/engine/calls/deadlines';
import { Flight } from '../../../src/engine/calls/flight';

interface Table {
  flights: Flight<string>[];
  failures: string[];
}

/** `count` flights on one clock (the timers' own), each joined by one caller with `deadlineMs`. */
function table(count: number, deadlineMs: (index: number) => number): Table {
  const deadlines = new Deadlines(Date.now);
  const failures: string[] = [];
  const flights = Array.from({ length: count }, (_, index) => {
    const flight = new Flight<string>(() => undefined, Date.now, deadlines);
    flight.join(undefined, deadlineMs(index)).catch((error: Error) => failures.push(`${index}: ${within(error)}`));
    return flight;
  });
  return { flights, failures };
}

/** The deadline a failure names: "did not answer within 2 s" -> "2 s". */
const within = (error: Error): string => /did not answer within (\d+ s)/.exec(error.message)?.[1] ?? error.message;

const settle = async (): Promise<void> => {
  for (let turn = 0; turn < 3; turn += 1) await Promise.resolve();
};

beforeEach(() => jest.useFakeTimers({ now: 1_000_000 }));
afterEach(() => jest.useRealTimers());

test('a thousand flights waiting wait on one timer, and none is left once they are answered', () => {
  const { flights } = table(1_000, () => 120_000);
  expect(jest.getTimerCount()).toBe(1);
  for (const flight of flights) flight.resolve('answer');
  expect(jest.getTimerCount()).toBe(0);
});

test('each caller fails at its own deadline, earliest first, whatever order they came in', async () => {
  const { failures } = table(3, (index) => [5_000, 2_000, 9_000][index]);
  jest.advanceTimersByTime(1_999);
  await settle();
  expect(failures).toEqual([]);
  jest.advanceTimersByTime(1);
  await settle();
  expect(failures).toEqual(['1: 2 s']);
  jest.advanceTimersByTime(3_000);
  await settle();
  expect(failures).toEqual(['1: 2 s', '0: 5 s']);
  jest.advanceTimersByTime(4_000);
  await settle();
  expect(failures).toEqual(['1: 2 s', '0: 5 s', '2: 9 s']);
  expect(jest.getTimerCount()).toBe(0);
});

test('a flight answered before its deadline is not failed, and the others still are at theirs', async () => {
  const { flights, failures } = table(3, (index) => 1_000 * (index + 1));
  flights[0].resolve('answer');
  flights[1].resolve('answer');
  expect(jest.getTimerCount()).toBe(1); // the third's deadline, still to come
  jest.advanceTimersByTime(3_000);
  await settle();
  expect(failures).toEqual(['2: 3 s']);
  expect(jest.getTimerCount()).toBe(0);
});

test('a caller joining later with an earlier deadline brings the one timer forward', async () => {
  const deadlines = new Deadlines(Date.now);
  const flight = new Flight<string>(() => undefined, Date.now, deadlines);
  const failures: string[] = [];
  flight.join(undefined, 60_000).catch((error: Error) => failures.push(`late: ${within(error)}`));
  flight.join(undefined, 1_000).catch((error: Error) => failures.push(`early: ${within(error)}`));
  expect(jest.getTimerCount()).toBe(1);
  jest.advanceTimersByTime(1_000);
  await settle();
  expect(failures).toEqual(['early: 1 s']);
  expect(flight.waiting).toBe(1);
  jest.advanceTimersByTime(59_000);
  await settle();
  expect(failures).toEqual(['early: 1 s', 'late: 60 s']);
  expect(jest.getTimerCount()).toBe(0);
});
