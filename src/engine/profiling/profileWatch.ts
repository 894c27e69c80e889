/**
 * Organizations the service is still profiling (status not final). Each is re-read on a back-off
 * schedule (backoff.ts) while the workbook is open; when a re-read brings a new status, the cells that
 * asked for it are recalculated and show it, and when its record is final they read it from the cache.
 *
 * Why "requiresAddress + a targeted range.calculate()" rather than streaming functions: a streaming
 * function holds an open invocation per cell for as long as profiling lasts (up to a day at the service),
 * thousands of them for a long supplier list, and restarts them all on every recalculation. With
 * `requiresAddress` a cell asks once, shows "profiling, this cell updates itself", and is forgotten;
 * the engine remembers only the cell addresses per organization and, when its status moves or the
 * record is final, asks Excel to calculate exactly those cells (src/office/excelCalculate.ts). The functions stay ordinary
 * (non-volatile, cacheable, usable in SUM/SORT) and a workbook reopened later needs no open stream.
 */
import type { OrganizationRecord } from '../../service/types';
import { pollDelayMs } from '../flow/backoff';

export interface Profile {
  readonly id: number;
  /** Request keys that resolved to this organization: each gets the final record in the cache. */
  readonly keys: Set<string>;
  readonly addresses: Set<string>;
  record: OrganizationRecord;
  round: number;
  timer: ReturnType<typeof setTimeout> | null;
}

export class ProfileWatch {
  private readonly byId = new Map<number, Profile>();
  private readonly byKey = new Map<string, Profile>();

  /** `poll` re-reads a profile's record; the engine answers with `update`, `finish` or `reschedule`. */
  constructor(private readonly poll: (profile: Profile) => void) {}

  get size(): number {
    return this.byId.size;
  }

  find(key: string): Profile | undefined {
    return this.byKey.get(key);
  }

  isWatched(profile: Profile): boolean {
    return this.byId.get(profile.id) === profile;
  }

  watch(key: string, record: OrganizationRecord, addresses: Iterable<string>): Profile {
    let profile = this.byId.get(record.id);
    if (profile === undefined) {
      profile = { id: record.id, keys: new Set(), addresses: new Set(), record, round: 0, timer: null };
      this.byId.set(record.id, profile);
      this.reschedule(profile);
    }
    profile.keys.add(key);
    this.byKey.set(key, profile);
    for (const address of addresses) profile.addresses.add(address);
    return profile;
  }

  /**
   * Still not final: keep the newer record (its status shows progress) and poll again later. True when
   * the status moved: the cells show the status of the record they read, so only then are they behind.
   */
  update(profile: Profile, record: OrganizationRecord): boolean {
    const moved = record.status !== profile.record.status;
    profile.record = record;
    this.reschedule(profile);
    return moved;
  }

  reschedule(profile: Profile): void {
    if (!this.isWatched(profile)) return;
    if (profile.timer) clearTimeout(profile.timer);
    profile.timer = setTimeout(() => {
      profile.timer = null;
      this.poll(profile);
    }, pollDelayMs(profile.round));
    profile.round += 1;
  }

  /** Polling resumes (after an auth failure was fixed) for profiles left without a timer. */
  resume(): void {
    for (const profile of this.byId.values()) if (profile.timer === null) this.reschedule(profile);
  }

  finish(profile: Profile): void {
    if (profile.timer) clearTimeout(profile.timer);
    profile.timer = null;
    this.byId.delete(profile.id);
    for (const key of profile.keys) if (this.byKey.get(key) === profile) this.byKey.delete(key);
  }

  /**
   * These addresses name no cell any more (their sheet is gone): no profile waits on them. Each profile's
   * own addresses are looked up, so a big sheet gone costs the cells waiting, not profiles times cells.
   */
  forgetAddresses(gone: readonly string[]): void {
    const names = new Set(gone);
    for (const profile of this.byId.values()) {
      for (const address of profile.addresses) if (names.has(address)) profile.addresses.delete(address);
    }
  }

  /** Stops watching everything; returns the addresses of the cells that were waiting. */
  clear(): string[] {
    const addresses = new Set<string>();
    for (const profile of [...this.byId.values()]) {
      for (const address of profile.addresses) addresses.add(address);
      this.finish(profile);
    }
    return [...addresses];
  }
}
