/**
 * Where a function's organization record comes from. Three ways in:
 * - the organization argument as written (name, website, identifier): the engine registers it, or
 *   answers from its cache;
 * - one of CLIMATE.ORG's cards (an entity argument, `=CLIMATE.FLAG(B2, "cdp")`): its service id, and
 *   the query of the row that made it (cardQuery.ts: its Asked for; the name it shows when the row asked
 *   for that name; the identifier the engine holds its record under when the row asked by one), by which it is
 *   judged (MATCH, the match fields).
 *   The engine's cache answers the query when it holds that organization (no request); otherwise the
 *   card is read by id (Engine.record: `GET /organizations/{id}`, or `/private`), never resolved again
 *   from its name;
 * - a formula Excel previews while it is typed (`isInValuePreview`, CustomFunctionsRuntime 1.5):
 *   only what this runtime already holds; nothing is sent, and with nothing held the cell shows
 *   the preview text (`cells.preview`) until the formula is entered (`settle` turns the notice into that text).
 */
import { t } from '../i18n/translate';
import {
  EngineError,
  identify,
  MEMORY_ENTRIES,
  type CallContext,
  type Engine,
  type OrganizationOutcome,
} from '../engine';
import type { OrganizationRecord } from '../service/types';
import { isFinalStatus } from '../service/types';
import { basicValue, cardArgument, HELD_IDENTIFIER, heldArgument, type CardQuery } from './results/cardQuery';
import { CellFailure, convertFailures, failureFrom, type Answer } from './results/errors';
import { entityField } from './results/entityFields';
import { isOrgCardDescription } from './results/valueCards';
import { matchInputOf, type MatchInput } from './results/nameMatch';
import { parseOrganization, type OrganizationArgument } from './arguments/organizationArgument';
import { RecentMap } from './arguments/recentReadings';

/** A call as the functions see it: the engine's context, and whether Excel only previews the formula. */
export interface FunctionCall extends CallContext {
  preview?: boolean;
}

/** The part of the engine the functions use. */
export type FunctionsEngine = Pick<
  Engine,
  'organization' | 'cached' | 'heldIdentifier' | 'loading' | 'get' | 'record' | 'scopeGeneration'
>;

/** A previewed formula whose value needs the service: the cell shows `cells.preview`, nothing is sent. */
export class PreviewNotice extends CellFailure {
  constructor() {
    super('#N/A', t('cells.preview'));
    this.name = 'PreviewNotice';
  }
}

/** An engine for previews: every request is refused before anything is registered or sent. */
export const PREVIEW_ENGINE: FunctionsEngine = {
  organization: () => Promise.reject(new PreviewNotice()),
  cached: () => null,
  heldIdentifier: () => null,
  loading: () => null,
  get: () => Promise.reject(new PreviewNotice()),
  record: () => Promise.reject(new PreviewNotice()),
  scopeGeneration: () => 0,
};

/**
 * Every failure leaves as a CellFailure: the boundary needs to know nothing else. A previewed formula
 * whose value needs the service shows the preview text instead (`notice` shapes it for the function).
 */
export function settle<T>(call: FunctionCall, work: () => Answer<T>, notice: (text: string) => T): Answer<T> {
  const settled = convertFailures(work, failureFrom);
  if (!call.preview) return settled;
  return Promise.resolve(settled).catch((error: unknown) => {
    if (error instanceof PreviewNotice) return notice(error.message);
    throw error;
  });
}

/** A previewed cell's text as a single value. */
export const asText = (text: string): string => text;

export interface Sourced {
  state: OrganizationOutcome['state'];
  record: OrganizationRecord;
  /** What the row asked for (the organization as the analyst wrote it, normalized). */
  requested: string;
  matchInput: MatchInput;
  /** When the service sent this record (ms since 1970): from the cache, when it was fetched. */
  receivedAt: number;
  /** The row's argument, which a card keeps (cardQuery.ts); null for a card read by its id alone. */
  argument: Readonly<OrganizationArgument> | null;
}

const ID_PROPERTY = entityField('id')!.property;

type CardValue = { type?: unknown; provider?: { description?: unknown }; properties?: Record<string, unknown> };

/** One of CLIMATE.ORG's cards, or null for any other value (a Stocks entity is read as its name). */
function ourCard(value: unknown): CardValue | null {
  if (typeof value !== 'object' || value === null) return null;
  const cell = value as CardValue;
  return cell.type === 'Entity' && isOrgCardDescription(cell.provider?.description) ? cell : null;
}

/** The service id of one of CLIMATE.ORG's cards, or null for any other value. */
export function cardId(value: unknown): number | null {
  const card = ourCard(value);
  const id = card && basicValue(card, ID_PROPERTY);
  return typeof id === 'number' && Number.isSafeInteger(id) && id > 0 ? id : null;
}

/**
 * How a card read by its id is judged: its row's name against the record's (the name alone: the row's
 * website found nothing here), and `check` for a card that carries no name (one whose query is an
 * identifier or website the record does not repeat, or whose query and matched name do not read),
 * never `identifier` on the strength of an id anyone can type.
 */
function cardEvidence(argument: Readonly<OrganizationArgument> | null, name: string): MatchInput {
  if (argument?.kind === 'name') return { kind: 'name', text: argument.text, identified: false };
  return { kind: 'id', text: argument?.text ?? name, identified: false };
}

export class OrganizationSource {
  /** Per query identity, its last final outcome in the engine's scope `finalsScope`: what a preview shows. */
  private finals = new RecentMap<string, OrganizationOutcome>(MEMORY_ENTRIES);
  private finalsScope = 0;

  constructor(
    private readonly engine: () => FunctionsEngine,
    private readonly now: () => number = Date.now,
  ) {}

  /** The organization's record, pending or final; a bad argument throws at once. */
  outcome(organization: unknown, website: unknown, country: unknown, call: FunctionCall): Answer<Sourced> {
    const id = cardId(organization);
    if (id !== null) return this.ofCard(id, cardArgument(ourCard(organization)!), call);
    const argument = parseOrganization(organization, website, country);
    if (call.preview) return Promise.resolve(this.previewed(argument));
    // A workbook just opened: every cell waits on the engine's one loading promise, then asks.
    const loading = this.engine().loading();
    return loading === null ? this.answer(argument, call) : loading.then(() => this.answer(argument, call));
  }

  /**
   * A card: its query's cached outcome when that is the card's organization, else read by its id. A
   * card whose row asked by an identifier it does not carry (HELD_IDENTIFIER) is judged by the
   * identifier this runtime holds its record under, as its row was.
   */
  private ofCard(id: number, asked: CardQuery, call: FunctionCall): Answer<Sourced> {
    const argumentOf = () => (asked === HELD_IDENTIFIER ? heldArgument(this.engine().heldIdentifier(id)) : asked);
    if (call.preview) return Promise.resolve(this.previewed(argumentOf() ?? undefined));
    const held = (): Answer<Sourced> => {
      const argument = argumentOf();
      const cached = argument && this.engine().cached(argument.query);
      return cached && cached.record.id === id ? this.sourced(cached, argument) : this.byId(id, argument, call);
    };
    const loading = this.engine().loading();
    return loading === null ? held() : loading.then(held);
  }

  /** From the engine's cache at once (no promise: a recalculation keeps nothing alive per cell), else asked. */
  private answer(argument: Readonly<OrganizationArgument>, call: FunctionCall): Answer<Sourced> {
    const engine = this.engine();
    const cached = engine.cached(argument.query);
    if (cached !== null) return this.sourced(cached, argument);
    const scope = engine.scopeGeneration();
    return engine.organization(argument.query, call).then((outcome) => this.sourced(outcome, argument, scope));
  }

  /**
   * The preview memory of the engine's current scope: what was read under another key, project or
   * service is forgotten, so that a formula previewed after a switch shows nothing from before it.
   */
  private finalsInScope(): RecentMap<string, OrganizationOutcome> {
    const scope = this.engine().scopeGeneration();
    if (scope !== this.finalsScope) {
      this.finals = new RecentMap<string, OrganizationOutcome>(MEMORY_ENTRIES);
      this.finalsScope = scope;
    }
    return this.finals;
  }

  /** `scope`: the engine's scope when the outcome was asked for (an answer from before a switch is not remembered). */
  private sourced(
    outcome: OrganizationOutcome,
    argument: Readonly<OrganizationArgument>,
    scope = this.engine().scopeGeneration(),
  ): Sourced {
    const record = outcome.record;
    const finals = this.finalsInScope();
    if (outcome.state === 'ready' && scope === this.finalsScope) finals.set(identify(argument.query).key, outcome);
    return {
      state: outcome.state,
      record,
      requested: argument.text,
      matchInput: matchInputOf(argument),
      receivedAt: outcome.receivedAt,
      argument,
    };
  }

  private previewed(argument: Readonly<OrganizationArgument> | undefined): Sourced {
    const final = argument && this.finalsInScope().get(identify(argument.query).key);
    if (!argument || !final) throw new PreviewNotice();
    return {
      state: 'ready',
      record: final.record,
      requested: argument.text,
      matchInput: matchInputOf(argument),
      receivedAt: final.receivedAt,
      argument,
    };
  }

  /**
   * A card whose organization this runtime does not hold: read by its id, as the engine reads every
   * record (private figures when the settings ask; only that record taken). A card is text anyone can
   * type into a workbook, so its id is evidence, not proof (`cardEvidence`).
   */
  private byId(id: number, argument: Readonly<OrganizationArgument> | null, call: FunctionCall): Promise<Sourced> {
    return this.engine()
      .record(id, call)
      .then((record) => {
        const name = record.matching_organization?.name ?? record.name ?? String(id);
        if (record.status === 'errored') {
          throw new EngineError('errored', t('cells.profileFailed', { name }));
        }
        const state = isFinalStatus(record.status) ? 'ready' : 'pending';
        return {
          state,
          record,
          requested: argument?.text ?? name,
          matchInput: cardEvidence(argument, name),
          receivedAt: this.now(),
          argument,
        };
      });
  }
}
