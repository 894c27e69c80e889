// Placeholder entry so the build can be wired first; the functions issue replaces it with the catalogue.
/**
 * The climate score of an organization, 0-100.
 * @customfunction SCORE
 * @param organization Name, website or identifier of the organization.
 * @returns The climate score.
 */
export function score(organization: string): number {
  throw new CustomFunctions.Error(CustomFunctions.ErrorCode.notAvailable, `Not wired yet: ${organization}`);
}

CustomFunctions.associate('SCORE', score);
