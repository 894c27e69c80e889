/**
 * Organization endpoints: registration (which finds or registers), the listing, retrieval (public
 * and with the project's private performances) and recommended actions.
 */
import { OrganizationRecord } from '../../../../src/service/types';
import { FIRST_ORGANIZATION_ID } from '../../world/organizationGenerator';
import { parseOrganizationRequest } from '../organizationRequest';
import { paginate } from '../pagination';
import { summaryFormat } from '../../world/records';
import { recommendedActionsFor } from '../../world/recommendedActions';
import { ServiceRequest, ServiceRoute } from '../serviceRoute';
import { ServiceResponse, json, organizationNotFound, validationError } from '../serviceResponse';
import { SandboxState } from '../state';

export const ORGANIZATIONS_PAGE_SIZE = 5;

export function organizationRoutes(state: SandboxState): ServiceRoute[] {
  const { population, registry } = state;
  const registeredCount = (): number => population.organizations.length + registry.all().length;

  /** The record for an id, population or registered; `projectId` adds private performances. */
  const recordById = (id: number, projectId: number | null = null): OrganizationRecord | null => {
    const org = population.organization(id);
    if (org) return population.record(org, null, projectId);
    const registration = registry.get(id);
    return registration ? registry.record(registration) : null;
  };

  /** Runs `answer` for the `:id` of the path, or answers the documented 404. */
  const withId = (request: ServiceRequest, answer: (id: number) => ServiceResponse | null): ServiceResponse => {
    const raw = request.params.id;
    const id = /^[0-9]+$/.test(raw) ? Number(raw) : NaN;
    return (Number.isSafeInteger(id) ? answer(id) : null) ?? organizationNotFound(raw);
  };

  /** A record in the response format the knobs ask for. */
  const answer = (record: OrganizationRecord): unknown =>
    state.knobs.current.summaryFormat ? summaryFormat(record) : record;

  const projectOf = (request: ServiceRequest): number | null =>
    request.principal.kind === 'project' ? request.principal.projectId : null;

  return [
    {
      method: 'POST',
      url: '/organizations',
      scope: 'project',
      handle: (request) => {
        const parsed = parseOrganizationRequest(request.body);
        if (!parsed.ok) return validationError(parsed.message);
        const { industryId, externalId } = parsed.request;
        if (industryId !== null && population.industry(industryId) === null) {
          return validationError(`industry_id ${industryId} is not in the industry list`);
        }
        const resolution = registry.resolve(parsed.request);
        if (resolution.kind === 'ambiguous') return validationError(resolution.message);
        return json(200, answer(registry.recordOf(resolution, externalId)));
      },
    },
    {
      method: 'GET',
      url: '/organizations',
      scope: 'project',
      handle: (request) =>
        paginate(request, registeredCount(), ORGANIZATIONS_PAGE_SIZE, (start, end) => {
          const records: unknown[] = [];
          for (let i = start; i < end; i++) records.push(answer(recordById(FIRST_ORGANIZATION_ID + i)!));
          return records;
        }),
    },
    {
      method: 'GET',
      url: '/organizations/:id',
      scope: 'project',
      handle: (request) =>
        withId(request, (id) => {
          const record = recordById(id);
          return record && json(200, answer(record));
        }),
    },
    {
      method: 'GET',
      url: '/organizations/:id/private',
      scope: 'project',
      handle: (request) =>
        withId(request, (id) => {
          const record = recordById(id, projectOf(request));
          return record && json(200, answer(record));
        }),
    },
    {
      method: 'GET',
      url: '/organizations/:id/recommended_actions',
      scope: 'project',
      handle: (request) =>
        withId(request, (id) => {
          const org = population.organization(id);
          if (org) return json(200, { recommended_actions: population.recommendedActions(org) });
          const registration = registry.get(id);
          if (!registration) return null;
          const synced = registry.status(registration) === 'synced';
          return json(200, { recommended_actions: synced ? recommendedActionsFor(population.seed, id) : [] });
        }),
    },
  ];
}
