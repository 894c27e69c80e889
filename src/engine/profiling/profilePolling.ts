/**
 * Profiles still being built: each is re-read until its record is final (profileWatch.ts keeps the
 * schedule). The cells that asked for a profile are recalculated when a re-read brings a new status
 * and when the record is final, those of profiles answered close together at once. The cache keeps
 * the latest status a re-read brought, so a reopened workbook shows that one until its next re-read.
 */
import type { OrganizationRecord } from '../../service/types';
import type { Recalculate } from '../types';
import { CellRecalculation } from './cellRecalculation';
import type { Dispatcher } from '../sending/dispatcher';
import type { EngineEvents } from '../events';
import type { EngineLifecycle } from '../lifecycle';
import { ProfileWatch, type Profile } from './profileWatch';
import { isFinal, type RecordCache } from '../cache/recordCache';
import { readTask } from '../sending/recordTask';

/** Cells whose profiles are answered close together are recalculated together. */
const RECALC_GATHER_MS = 50;

export interface PollingParts {
  lifecycle: EngineLifecycle;
  dispatcher: Dispatcher;
  cache: RecordCache;
  events: EngineEvents;
  recalculate?: Recalculate;
}

export class ProfilePolling {
  readonly profiles: ProfileWatch;
  /** Profiles whose cells the next gathered recalculation covers; true: the profile ended. */
  private gathered = new Map<Profile, boolean>();
  private gatherTimer: ReturnType<typeof setTimeout> | null = null;
  private readonly cells: CellRecalculation;

  constructor(private readonly parts: PollingParts) {
    this.profiles = new ProfileWatch((profile) => this.poll(profile));
    this.cells = new CellRecalculation(parts.recalculate, (gone) => this.profiles.forgetAddresses(gone));
  }

  /** Stops watching every profile; the cells that waited are recalculated and ask again. */
  dropAll(): void {
    this.cells.request(this.profiles.clear());
  }

  /** Profiles still pending when the cache was written are watched again, not registered anew. */
  watchStored(): void {
    const { cache, lifecycle } = this.parts;
    for (const [key, record] of cache.pending(lifecycle.applied.cacheTtlMs)) {
      if (!this.profiles.find(key)) this.profiles.watch(key, record, []);
    }
  }

  dispose(): void {
    this.profiles.clear();
    if (this.gatherTimer) clearTimeout(this.gatherTimer);
    this.cells.dispose();
  }

  private poll(profile: Profile): void {
    const { lifecycle, cache } = this.parts;
    const generation = lifecycle.generation;
    const task = readTask(profile.id, lifecycle.applied.privatePerformances, {
      wanted: () => this.profiles.isWatched(profile),
      onRecord: (record) => {
        if (generation !== lifecycle.generation || !this.profiles.isWatched(profile)) return;
        if (!isFinal(record)) {
          // the same status again changes no cell: Excel is not asked to recalculate, nor the cache to write
          if (!this.profiles.update(profile, record)) return;
          this.store(profile, record); // a reopened workbook shows this status, not the one it was registered with
          this.recalculateLater(profile, false);
          return;
        }
        this.profiles.finish(profile);
        this.store(profile, record);
        this.recalculateLater(profile, true);
      },
      onError: (error) => {
        if (error.kind === 'auth') return; // resumed when the settings change
        if (error.kind !== 'not-found') return this.profiles.reschedule(profile);
        this.profiles.finish(profile); // gone at the service: the cells ask again from scratch
        for (const key of profile.keys) cache.delete(key);
        this.recalculateLater(profile, true);
      },
      onDropped: () => undefined,
    });
    this.parts.dispatcher.submit(task);
  }

  /** The record for every key that reached the profile: what the cache serves, or watches again after a reload. */
  private store(profile: Profile, record: OrganizationRecord): void {
    const { lifecycle, cache } = this.parts;
    if (lifecycle.applied.cacheTtlMs > 0) for (const key of profile.keys) cache.set(key, record);
  }

  /** `ended`: the profile is watched no more, which the pane is told; otherwise only its status moved. */
  private recalculateLater(profile: Profile, ended: boolean): void {
    this.gathered.set(profile, ended);
    this.gatherTimer ??= setTimeout(() => {
      this.gatherTimer = null;
      const gathered = this.gathered;
      this.gathered = new Map();
      const endedProfiles = [...gathered.keys()].filter((each) => gathered.get(each));
      if (endedProfiles.length > 0) {
        const ids = endedProfiles.map(({ id }) => id);
        this.parts.events.emit({ type: 'profiled', ids, addresses: addressesOf(endedProfiles) });
        this.parts.events.statsChanged();
      }
      this.cells.request(addressesOf([...gathered.keys()]));
    }, RECALC_GATHER_MS);
  }
}

/** The cells waiting on any of `profiles`, each once. */
function addressesOf(profiles: readonly Profile[]): string[] {
  return [...new Set(profiles.flatMap((profile) => [...profile.addresses]))];
}
