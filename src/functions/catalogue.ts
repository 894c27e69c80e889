/**
 * What each CLIMATE function does, free of Excel: arguments in, a shaped result or a CellFailure out.
 * functions.ts (the entry Excel loads) only adds the JSDoc metadata and the Excel boundary, so this
 * runs in Node against any engine that offers `organization` and `get`.
 */
import type { ScoreScale } from '../settings/settings';
import type { BatchResponseItem, Industry, OrganizationRecord, Page } from '../service/types';
import { decodeIndustry, decodeList, decodeRecommendedActions, decodeSbtiCompany } from '../service/records';
import { collectPages, pageNumberOf, pageOnPath } from '../service/pagination';
import { PROFILE_LINK_RULE as LINK_RULE } from '../service/profileLink';
import { andThen, CellFailure, convertFailures, failureFrom, pendingFailure, type Answer } from './errors';
import { FLAG_HEADERS, parseFields } from './fields';
import { parseInitiative } from './initiatives';
import { parseOrganization, type OrganizationArgument } from './organizationArgument';
import { matchInputOf, readMatch, type MatchReading } from './nameMatch';
import {
  displayName,
  flagResult,
  flagsRow,
  matchResult,
  profileResult,
  scoreResult,
  type CellResult,
  type ShapeContext,
  type SpillElement,
} from './results';
import {
  actionsTable,
  industriesTable,
  sbtiResult,
  parseSbtiCompany,
  parseSbtiField,
  type SbtiQuery,
} from './referenceData';
import { readCell } from './cellInput';
import { plainText } from './textArgument';

import {
  isEngineError,
  type CallContext,
  type CancelSignal,
  type OrganizationOutcome,
  type OrganizationQuery,
} from '../engine';

export type { CallContext, CancelSignal };

/** The part of the engine the functions use (src/engine's Engine satisfies it). */
export interface FunctionsEngine {
  organization(query: OrganizationQuery, ctx?: CallContext): Promise<OrganizationOutcome>;
  cached(query: OrganizationQuery): OrganizationOutcome | null;
  loading(): Promise<void> | null;
  get(url: string, ctx?: CallContext): Promise<BatchResponseItem>;
}

export interface CatalogueDeps {
  engine(): FunctionsEngine;
  scoreScale(): ScoreScale;
  /** The host renders attributed data types (CustomFunctionsRuntime 1.4 and ExcelApi 1.19, see office/host.ts). */
  dataTypes(): boolean;
  logoUrl(): string | null;
  /** The analyst accepted this input with this matched organization in this workbook. */
  isAccepted(input: string, matchedId: number): boolean;
  /** How long one cell may take, a whole multi-page listing included. */
  deadlineMs(): number;
}

export type Spill = SpillElement[][];

interface Ready {
  argument: Readonly<OrganizationArgument>;
  record: OrganizationRecord;
}

export interface Catalogue {
  score(organization: unknown, website: unknown, country: unknown, call: CallContext): Answer<CellResult>;
  flag(
    organization: unknown,
    initiative: unknown,
    website: unknown,
    country: unknown,
    call: CallContext,
  ): Answer<CellResult>;
  flags(organization: unknown, website: unknown, country: unknown, call: CallContext): Answer<Spill>;
  match(organization: unknown, website: unknown, country: unknown, call: CallContext): Answer<CellResult>;
  profile(organization: unknown, fields: unknown, website: unknown, country: unknown, call: CallContext): Answer<Spill>;
  headers(fields: unknown): string[][];
  link(organization: unknown, website: unknown, country: unknown, call: CallContext): Answer<string>;
  status(organization: unknown, website: unknown, country: unknown, call: CallContext): Answer<string>;
  industries(search: unknown, call: CallContext): Answer<Spill>;
  sbti(company: unknown, field: unknown, call: CallContext): Answer<Spill>;
  actions(organization: unknown, website: unknown, country: unknown, call: CallContext): Answer<Spill>;
}

/** Every failure leaves as a CellFailure: the boundary needs to know nothing else. */
function settle<T>(work: () => Answer<T>): Answer<T> {
  return convertFailures(work, failureFrom);
}

export function createCatalogue(deps: CatalogueDeps): Catalogue {
  const shape = (): ShapeContext => ({
    dataTypes: deps.dataTypes(),
    scoreScale: deps.scoreScale(),
    logoUrl: deps.logoUrl(),
  });

  /**
   * The organization's record once its profile is final; a pending one is #N/A that updates itself.
   * A bad argument throws at once (the callers run it inside `settle`, which makes it a rejection).
   */
  const readyFor = (organization: unknown, website: unknown, country: unknown, call: CallContext): Answer<Ready> => {
    const argument = parseOrganization(organization, website, country);
    const loading = deps.engine().loading();
    return loading === null ? answerFor(argument, call) : loading.then(() => answerFor(argument, call));
  };

  /** From the cache at once, otherwise the engine's answer in one promise step. */
  const answerFor = (argument: Readonly<OrganizationArgument>, call: CallContext): Answer<Ready> => {
    const engine = deps.engine();
    const cached = engine.cached(argument.query);
    if (cached !== null) return { argument, record: cached.record };
    return engine.organization(argument.query, call).then((outcome) => {
      if (outcome.state === 'pending') throw pendingFailure(outcome.record.status);
      return { argument, record: outcome.record };
    });
  };

  const matchOf = ({ argument, record }: Ready): MatchReading =>
    readMatch(matchInputOf(argument), record, deps.isAccepted);

  return {
    // The hot path of a sheet: answered at once from the cache (no promise), otherwise one promise step
    // per cell after the engine's answer, no async frames.
    score: (organization, website, country, call) =>
      settle(() =>
        andThen(readyFor(organization, website, country, call), ({ argument, record }) =>
          scoreResult(record, argument.text, shape()),
        ),
      ),

    flag: (organization, initiative, website, country, call) =>
      settle(() => {
        const key = parseInitiative(initiative);
        return andThen(readyFor(organization, website, country, call), ({ argument, record }) =>
          flagResult(record, key, argument.text, shape()),
        );
      }),

    flags: (organization, website, country, call) =>
      settle(() =>
        andThen(readyFor(organization, website, country, call), ({ argument, record }) =>
          flagsRow(record, argument.text, shape()),
        ),
      ),

    match: (organization, website, country, call) =>
      settle(() =>
        andThen(readyFor(organization, website, country, call), (ready) =>
          matchResult(matchOf(ready), ready.record, ready.argument.text, shape()),
        ),
      ),

    profile: (organization, fields, website, country, call) =>
      settle(() => {
        const chosen = parseFields(fields);
        return andThen(readyFor(organization, website, country, call), (ready) => {
          let reading: MatchReading | null = null;
          const match = (): MatchReading => (reading ??= matchOf(ready));
          return profileResult(ready.record, chosen, ready.argument.text, shape(), match);
        });
      }),

    headers: (fields) => {
      try {
        const chosen = parseFields(fields);
        return [chosen === null ? [...FLAG_HEADERS] : chosen.map((field) => field.header)];
      } catch (error) {
        throw failureFrom(error);
      }
    },

    link: (organization, website, country, call) =>
      settle(async () => {
        const { argument, record } = await readyFor(organization, website, country, call);
        const link = record.matching_organization?.link;
        if (!link) {
          const name = displayName(record, argument.text);
          throw new CellFailure(
            '#N/A',
            `No public profile link for ${name}: the service sent none, or one that is ${LINK_RULE}.`,
          );
        }
        return link;
      }),

    status: (organization, website, country, call) =>
      settle(async () => {
        // The status of a pending or failed profile is the answer here, not a reason to wait or fail.
        const argument = parseOrganization(organization, website, country);
        try {
          const outcome = await deps.engine().organization(argument.query, call);
          return outcome.record.status ?? 'unknown';
        } catch (error) {
          if (isEngineError(error, 'errored')) return 'errored';
          throw error;
        }
      }),

    industries: (search, call) =>
      settle(async () => {
        const input = readCell(search);
        const term = input.kind === 'empty' ? null : plainText(input, 'The search', 'a word of an industry name');
        const path = term === null ? '/industries' : '/industries/search';
        const query = term === null ? '' : `q=${encodeURIComponent(term)}&`;
        const load = (target: string, expected: number): Promise<Page<Industry>> =>
          deps
            .engine()
            .get(target, call)
            .then((item) => {
              const page = pageNumberOf(target) ?? expected;
              return pageOnPath(item, page, path, decodeIndustry, 'industries');
            });
        const industries = await collectPages(() => load(`${path}?${query}page=1`, 1), load, deps.deadlineMs);
        return industriesTable(industries, term);
      }),

    sbti: (company, field, call) =>
      settle(async () => {
        const query: SbtiQuery = parseSbtiCompany(company);
        const chosen = parseSbtiField(field);
        const item = await deps.engine().get(query.url, call);
        return sbtiResult(decodeList(item.body, decodeSbtiCompany, 'SBTi companies'), query, chosen);
      }),

    actions: (organization, website, country, call) =>
      settle(async () => {
        const { argument, record } = await readyFor(organization, website, country, call);
        const item = await deps.engine().get(`/organizations/${record.id}/recommended_actions`, call);
        return actionsTable(decodeRecommendedActions(item.body), displayName(record, argument.text));
      }),
  };
}
