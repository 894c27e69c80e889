/**
 * "Join a flight or start one", for both the organization path and plain GETs: a call whose key is
 * already asked about waits for that answer; otherwise it starts the flight and its first task.
 */
import type { Dispatcher } from '../sending/dispatcher';
import type { Task } from '../sending/task';
import { Deadlines } from './deadlines';
import type { CallContext } from '../types';
import { Flight } from './flight';

/** What starting a flight gets: the flight, its removal from the table, and a way to send a follow-up. */
export interface FlightStart<T> {
  readonly flight: Flight<T>;
  /** Removes the flight from the table: it ended, or its task was dropped. */
  forget(): void;
  /** Sends the task the flight now waits on (the one withdrawn if every caller leaves). */
  follow(task: Task): void;
}

export class FlightTable<T> {
  private readonly flights = new Map<string, Flight<T>>();
  private readonly deadlines: Deadlines;

  constructor(
    private readonly dispatcher: Dispatcher,
    private readonly now: () => number,
    private readonly onJoined: () => void,
  ) {
    this.deadlines = new Deadlines(now);
  }

  /** `start` builds the first task of a new flight; it is submitted once the first caller has joined. */
  join(
    key: string,
    ctx: CallContext | undefined,
    deadlineMs: number,
    start: (begun: FlightStart<T>) => Task,
  ): Promise<T> {
    const running = this.flights.get(key);
    if (running) {
      this.onJoined();
      return running.join(ctx, deadlineMs);
    }
    const forget = (): void => {
      if (this.flights.get(key) === flight) this.flights.delete(key);
    };
    const flight: Flight<T> = new Flight(
      () => {
        if (this.dispatcher.withdraw(current)) forget();
      },
      this.now,
      this.deadlines,
      this.dispatcher,
    );
    const follow = (task: Task): void => {
      current = task;
      this.dispatcher.submit(task);
    };
    let current: Task = start({ flight, forget, follow });
    this.flights.set(key, flight);
    const answer = flight.join(ctx, deadlineMs);
    this.dispatcher.submit(current);
    return answer;
  }

  /** Forgets every flight: their callers still get the answer, later calls start afresh. */
  clear(): void {
    this.flights.clear();
  }
}
