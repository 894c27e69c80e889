/** Industry listing and search by name, 20 per page with Link headers. */
import { paginateArray } from '../pagination';
import { ServiceRoute } from '../serviceRoute';
import { validationError } from '../serviceResponse';
import { SandboxState } from '../state';

export const INDUSTRIES_PAGE_SIZE = 20;

export function industryRoutes({ population }: SandboxState): ServiceRoute[] {
  return [
    {
      method: 'GET',
      url: '/industries',
      scope: 'project',
      handle: (request) => paginateArray(request, population.industries, INDUSTRIES_PAGE_SIZE),
    },
    {
      method: 'GET',
      url: '/industries/search',
      scope: 'project',
      handle: (request) => {
        const q = request.query.get('q')?.trim().toLowerCase();
        if (!q) return validationError('q is required: the text to search industry names for');
        const matches = population.industries.filter((i) => i.name.toLowerCase().includes(q));
        return paginateArray(request, matches, INDUSTRIES_PAGE_SIZE);
      },
    },
  ];
}
