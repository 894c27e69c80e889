/** The provider logo as base64 PNG, for `worksheet.shapes.addImage` (read from our own assets). */
import { PROVIDER } from '../../provider';
import { toBase64 } from '../../text/base64';

let cached: Promise<string | null> | null = null;

export function logoBase64(): Promise<string | null> {
  cached ??= (async () => {
    try {
      const response = await fetch(PROVIDER.logoPng);
      if (!response.ok) return null;
      return toBase64(new Uint8Array(await response.arrayBuffer()));
    } catch {
      return null; // no logo image: the source line still names the provider
    }
  })();
  return cached;
}
