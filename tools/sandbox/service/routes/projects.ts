/** Project creation (team key) and the suppliers list (shape unknown: an empty array). */
import { ServiceRoute } from '../serviceRoute';
import { json, validationError } from '../serviceResponse';
import { SandboxState } from '../state';
import { MAX_PROJECTS } from '../keys';

const MAX_NAME_LENGTH = 200;

export function projectRoutes({ keys }: SandboxState): ServiceRoute[] {
  return [
    {
      method: 'POST',
      url: '/projects',
      scope: 'team',
      handle: (request) => {
        const body = request.body as { name?: unknown } | null;
        const name = typeof body === 'object' && body !== null && typeof body.name === 'string' ? body.name.trim() : '';
        if (!name) return validationError('name is required: give the project a name');
        if (name.length > MAX_NAME_LENGTH) return validationError(`name must be at most ${MAX_NAME_LENGTH} characters`);
        const project = keys.createProject(name);
        if (!project) return validationError(`Your plan allows at most ${MAX_PROJECTS} projects`);
        return json(201, project);
      },
    },
    {
      method: 'GET',
      url: '/v1/suppliers',
      scope: 'project',
      handle: () => json(200, []),
    },
  ];
}
