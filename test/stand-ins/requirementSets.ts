/**
 * Office.context.requirements.isSetSupported(name, version) as both stand-ins answer it from the sets a
 * host declares (Microsoft's requirement-set tables): the set is there at `minVersion` or later. The
 * typings make `minVersion` optional without saying what its absence means; the add-in always names one
 * (src/office/host.ts), so the stand-ins need no answer to that.
 */

/** A requirement-set version `have` is `want` or later (1.19 after 1.4). */
export function versionAtLeast(have: string, want: string): boolean {
  const [a, b] = [have.split('.').map(Number), want.split('.').map(Number)];
  for (let i = 0; i < Math.max(a.length, b.length); i += 1) {
    if ((a[i] ?? 0) !== (b[i] ?? 0)) return (a[i] ?? 0) > (b[i] ?? 0);
  }
  return true;
}

/** isSetSupported over the sets a host declares (set name -> its version). */
export function setSupported(declared: Readonly<Record<string, string>>, name: string, version: string): boolean {
  const have = Object.hasOwn(declared, name) ? declared[name] : undefined;
  return have !== undefined && versionAtLeast(have, version);
}
