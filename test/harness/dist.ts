/** The built add-in as the harness loads it (Node side): dist/functions.json and the functions' scripts. */
import { readFileSync } from 'fs';
import path from 'path';
import { functionScripts } from './session';
import type { FunctionsMetadata } from './types';

export const DIST_DIR = path.resolve(__dirname, '../../dist');

export interface BuiltFunctions {
  distDir: string;
  metadata: FunctionsMetadata;
  /** Script file names, in the order the runtime page loads them. */
  scripts: string[];
}

export function builtFunctions(distDir = DIST_DIR): BuiltFunctions {
  const read = (name: string) => {
    try {
      return readFileSync(path.join(distDir, name), 'utf8');
    } catch {
      throw new Error(`harness: ${path.join(distDir, name)} is missing; build first (npx webpack --mode production)`);
    }
  };
  const metadata = JSON.parse(read('functions.json')) as FunctionsMetadata;
  const scripts = functionScripts(read('taskpane.html'));
  if (!scripts.includes('functions.js')) throw new Error('harness: taskpane.html does not load functions.js');
  return { distDir, metadata, scripts };
}
