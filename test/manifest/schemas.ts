/**
 * Microsoft's published JSON schemas for the unified manifest and its localization files, as the
 * @microsoft/app-manifest package ships them for every version, checked with Ajv as Microsoft's own
 * tooling sets it up for these draft-04 schemas: every error, formats checked.
 */
import { readFileSync } from 'fs';
import { dirname, join } from 'path';
import Ajv from 'ajv-draft-04';
import addFormats from 'ajv-formats';

const SCHEMAS = join(
  dirname(require.resolve('@microsoft/app-manifest/package.json')),
  'build',
  'json-schemas',
  'teams',
);

/** The errors `schema` of manifest version `version` finds in a document, as "path message" lines. */
export function schemaValidator(
  version: string,
  schema: 'MicrosoftTeams.schema.json' | 'MicrosoftTeams.Localization.schema.json' = 'MicrosoftTeams.schema.json',
): (document: unknown) => string[] {
  const parsed = JSON.parse(readFileSync(join(SCHEMAS, `v${version}`, schema), 'utf8')) as object;
  // The Localization schema has a pattern that is no valid Unicode regular expression (a bare "]").
  const ajv = new Ajv({ allErrors: true, strictTypes: false, unicodeRegExp: false });
  addFormats(ajv);
  const validate = ajv.compile(parsed);
  return (document) =>
    validate(document) ? [] : (validate.errors ?? []).map((error) => `${error.instancePath} ${error.message}`);
}
