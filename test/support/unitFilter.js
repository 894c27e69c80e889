/**
 * `npm run test:unit` (jest --filter): keeps the test files that need neither the build (dist/) nor a
 * browser, as test/support/testKinds.js tells them apart. `npm test` runs every file.
 */
'use strict';
const { testKind } = require('./testKinds');

module.exports = (testPaths) => ({ filtered: testPaths.filter((file) => testKind(file) === 'unit') });
