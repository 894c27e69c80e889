/**
 * The science-based-targets dataset: companies filtered by case-insensitive substring on any of their
 * fields, and the changes to it, 20 per page with Link headers.
 */
import { SBTI_FIELDS, SbtiChange } from '../../../../src/service/types';
import { websiteKey } from '../../world/matching';
import { paginateArray } from '../pagination';
import { ServiceRoute } from '../serviceRoute';
import { validationError } from '../serviceResponse';
import { SandboxState } from '../state';

export const SBTI_PAGE_SIZE = 20;

/** True when the value, written as text, contains the filter, ignoring case. Null never matches. */
function contains(value: unknown, filter: string): boolean {
  return value !== null && value !== undefined && String(value).toLowerCase().includes(filter);
}

export function sbtiRoutes({ population }: SandboxState): ServiceRoute[] {
  return [
    {
      method: 'GET',
      url: '/sbti_companies',
      scope: 'project',
      handle: (request) => {
        const filters = SBTI_FIELDS.flatMap((field) => {
          const value = request.query.get(field)?.trim().toLowerCase();
          return value ? [{ field, value }] : [];
        });
        const matches = population.sbtiCompanies.filter((company) =>
          filters.every(({ field, value }) => contains(company[field], value)),
        );
        return paginateArray(request, matches, SBTI_PAGE_SIZE);
      },
    },
    {
      method: 'GET',
      url: '/sbti_companies/changes',
      scope: 'project',
      handle: (request) => {
        const since = request.query.get('since')?.trim();
        const sinceMs = since ? Date.parse(since) : NaN;
        if (since && Number.isNaN(sinceMs)) return validationError(`since must be an ISO date, got "${since}"`);
        const name = request.query.get('name')?.trim().toLowerCase();
        const website = request.query.get('website')?.trim();
        const site = website ? websiteKey(website) : '';
        const matches = population.sbtiChanges.filter((change: SbtiChange) => {
          if (since && Date.parse(change.changed_at!) < sinceMs) return false;
          if (name && !contains(change.company_name, name)) return false;
          if (site) {
            const companyWebsite = population.sbtiChangeWebsite(change.id);
            if (!companyWebsite || !websiteKey(companyWebsite).includes(site)) return false;
          }
          return true;
        });
        return paginateArray(request, matches, SBTI_PAGE_SIZE);
      },
    },
  ];
}
