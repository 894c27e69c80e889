/** The types of testKinds.js (plain CommonJS, as jest's --filter loads it). */
export type TestKind = 'unit' | 'build' | 'browser';
export function testKind(testFile: string): TestKind;
