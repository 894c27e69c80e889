/**
 * What each CLIMATE function does, free of Excel: arguments in, a shaped result or a CellFailure out.
 * functions.ts (the entry Excel loads) only adds the JSDoc metadata and the Excel boundary, so this
 * runs in Node against any engine that offers `organization` and `get`.
 */
import type { ScoreScale } from '../settings/settings';
import type { Industry, OrganizationRecord, Page } from '../service/types';
import { decodeIndustry, decodeList, decodeRecommendedActions, decodeSbtiCompany } from '../service/records';
import { collectPages, pageNumberOf, pageOnPath } from '../service/pagination';
import { profileLinkRule } from '../service/profileLink';
import { t } from '../i18n/translate';
import { andThen, CellFailure, failureFrom, pendingFailure, type Answer } from './results/errors';
import { FLAG_HEADERS, parseFields } from './results/fields';
import { parseInitiative } from './arguments/initiatives';
import { readMatch, type MatchInput, type MatchReading } from './results/nameMatch';
import type { OrganizationArgument } from './arguments/organizationArgument';
import { organizationEntity } from './results/organizationEntity';
import {
  OrganizationSource,
  PREVIEW_ENGINE,
  settle,
  asText,
  type FunctionCall,
  type FunctionsEngine,
} from './organizationSource';
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
} from './results/results';
import {
  actionsTable,
  industriesTable,
  industrySearch,
  sbtiResult,
  parseSbtiCompany,
  parseSbtiField,
  type SbtiQuery,
} from './referenceData';

import { isEngineError, type CallContext, type CancelSignal } from '../engine';

export type { CallContext, CancelSignal, FunctionCall, FunctionsEngine };

export interface CatalogueDeps {
  engine(): FunctionsEngine;
  scoreScale(): ScoreScale;
  /** The host renders attributed data types (CustomFunctionsRuntime 1.4 and ExcelApi 1.19, see office/host.ts). */
  dataTypes(): boolean;
  /** The host renders entities (CustomFunctionsRuntime 1.4 and ExcelApi 1.16, see office/host.ts). */
  entities(): boolean;
  logoUrl(): string | null;
  /** The analyst accepted this input with this matched organization in this workbook. */
  isAccepted(input: string, matchedId: number): boolean;
  /** How long one cell may take, a whole multi-page listing included. */
  deadlineMs(): number;
}

export type Spill = SpillElement[][];

interface Ready {
  requested: string;
  matchInput: MatchInput;
  record: OrganizationRecord;
  receivedAt: number;
  argument: Readonly<OrganizationArgument> | null;
}

export interface Catalogue {
  org(
    organization: unknown,
    website: unknown,
    country: unknown,
    call: FunctionCall,
  ): Answer<CellResult | Excel.EntityCellValue>;
  score(organization: unknown, website: unknown, country: unknown, call: FunctionCall): Answer<CellResult>;
  flag(
    organization: unknown,
    initiative: unknown,
    website: unknown,
    country: unknown,
    call: FunctionCall,
  ): Answer<CellResult>;
  flags(organization: unknown, website: unknown, country: unknown, call: FunctionCall): Answer<Spill>;
  match(organization: unknown, website: unknown, country: unknown, call: FunctionCall): Answer<CellResult>;
  profile(
    organization: unknown,
    fields: unknown,
    website: unknown,
    country: unknown,
    call: FunctionCall,
  ): Answer<Spill>;
  headers(fields: unknown): string[][];
  link(organization: unknown, website: unknown, country: unknown, call: FunctionCall): Answer<string>;
  status(organization: unknown, website: unknown, country: unknown, call: FunctionCall): Answer<string>;
  industries(search: unknown, call: FunctionCall): Answer<Spill>;
  sbti(company: unknown, field: unknown, call: FunctionCall): Answer<Spill>;
  actions(organization: unknown, website: unknown, country: unknown, call: FunctionCall): Answer<Spill>;
}

const asSpill = (text: string): Spill => [[text]];

export function createCatalogue(deps: CatalogueDeps): Catalogue {
  const shape = (): ShapeContext => ({
    dataTypes: deps.dataTypes(),
    scoreScale: deps.scoreScale(),
    logoUrl: deps.logoUrl(),
  });

  const source = new OrganizationSource(deps.engine);
  const engine = (call: FunctionCall): FunctionsEngine => (call.preview ? PREVIEW_ENGINE : deps.engine());

  /**
   * The organization's record once its profile is final; a pending one is #N/A that updates itself.
   * A bad argument throws at once (the callers run it inside `settle`, which makes it a rejection).
   */
  const readyFor = (organization: unknown, website: unknown, country: unknown, call: FunctionCall): Answer<Ready> =>
    andThen(source.outcome(organization, website, country, call), (sourced) => {
      if (sourced.state === 'pending') throw pendingFailure(sourced.record.status);
      return sourced;
    });

  const matchOf = ({ matchInput, record }: Ready): MatchReading => readMatch(matchInput, record, deps.isAccepted);
  /** The verdict, read at most once per call and only when asked for. */
  const lazyMatch = (ready: Ready): (() => MatchReading) => {
    let reading: MatchReading | null = null;
    return () => (reading ??= matchOf(ready));
  };

  return {
    org: (organization, website, country, call) =>
      settle(
        call,
        () =>
          andThen(readyFor(organization, website, country, call), (ready) => {
            if (!deps.entities()) return displayName(ready.record, ready.requested);
            return organizationEntity({ ...ready, match: lazyMatch(ready) }, shape());
          }),
        asText,
      ),

    // The hot path of a sheet: answered at once from the cache (no promise), otherwise one promise step
    // per cell after the engine's answer, no async frames.
    score: (organization, website, country, call) =>
      settle(
        call,
        () =>
          andThen(readyFor(organization, website, country, call), ({ requested, record }) =>
            scoreResult(record, requested, shape()),
          ),
        asText,
      ),

    flag: (organization, initiative, website, country, call) =>
      settle(
        call,
        () => {
          const key = parseInitiative(initiative);
          return andThen(readyFor(organization, website, country, call), ({ requested, record }) =>
            flagResult(record, key, requested, shape()),
          );
        },
        asText,
      ),

    flags: (organization, website, country, call) =>
      settle(
        call,
        () =>
          andThen(readyFor(organization, website, country, call), ({ requested, record }) =>
            flagsRow(record, requested, shape()),
          ),
        asSpill,
      ),

    match: (organization, website, country, call) =>
      settle(
        call,
        () =>
          andThen(readyFor(organization, website, country, call), (ready) =>
            matchResult(matchOf(ready), ready.record, shape()),
          ),
        asText,
      ),

    profile: (organization, fields, website, country, call) =>
      settle(
        call,
        () => {
          const chosen = parseFields(fields);
          return andThen(readyFor(organization, website, country, call), (ready) =>
            profileResult(ready.record, chosen, ready.requested, shape(), lazyMatch(ready)),
          );
        },
        asSpill,
      ),

    headers: (fields) => {
      try {
        const chosen = parseFields(fields);
        return [chosen === null ? [...FLAG_HEADERS] : chosen.map((field) => field.header)];
      } catch (error) {
        throw failureFrom(error);
      }
    },

    link: (organization, website, country, call) =>
      settle(
        call,
        async () => {
          const { requested, record } = await readyFor(organization, website, country, call);
          const link = record.matching_organization?.link;
          if (!link) {
            const name = displayName(record, requested);
            throw new CellFailure('#N/A', t('cells.noLink', { name, rule: profileLinkRule() }));
          }
          return link;
        },
        asText,
      ),

    status: (organization, website, country, call) =>
      settle(
        call,
        async () => {
          // The status of a pending or failed profile is the answer here, not a reason to wait or fail.
          try {
            const sourced = await source.outcome(organization, website, country, call);
            return sourced.record.status ?? 'unknown';
          } catch (error) {
            if (isEngineError(error, 'errored')) return 'errored';
            throw error;
          }
        },
        asText,
      ),

    industries: (search, call) =>
      settle(
        call,
        async () => {
          const term = industrySearch(search);
          const path = term === null ? '/industries' : '/industries/search';
          const query = term === null ? '' : `q=${encodeURIComponent(term)}&`;
          const load = (target: string, expected: number): Promise<Page<Industry>> =>
            engine(call)
              .get(target, call)
              .then((item) => {
                const page = pageNumberOf(target) ?? expected;
                return pageOnPath(item, page, path, decodeIndustry, 'industry');
              });
          const industries = await collectPages(() => load(`${path}?${query}page=1`, 1), load, deps.deadlineMs);
          return industriesTable(industries, term);
        },
        asSpill,
      ),

    sbti: (company, field, call) =>
      settle(
        call,
        async () => {
          const query: SbtiQuery = parseSbtiCompany(company);
          const chosen = parseSbtiField(field);
          const item = await engine(call).get(query.url, call);
          return sbtiResult(decodeList(item.body, decodeSbtiCompany, 'sbtiCompany'), query, chosen);
        },
        asSpill,
      ),

    actions: (organization, website, country, call) =>
      settle(
        call,
        async () => {
          const { requested, record } = await readyFor(organization, website, country, call);
          const item = await engine(call).get(`/organizations/${record.id}/recommended_actions`, call);
          return actionsTable(decodeRecommendedActions(item.body), displayName(record, requested));
        },
        asSpill,
      ),
  };
}
