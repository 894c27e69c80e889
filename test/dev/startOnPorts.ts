/**
 * `npm start` on the ports given as arguments (sandbox, add-in) instead of 4010 and 3000, for
 * test/dev/start.test.ts: a shared machine may have those in use, and the test must not take them.
 */
import { start } from '../../tools/dev/start';

const [sandbox, devServer] = process.argv.slice(2).map(Number);
void start({ sandbox, devServer });
