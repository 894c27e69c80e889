/**
 * `npm run bench -- scale --runtime chromium --transport h1|h2`: a sheet in a Chromium page beside the
 * sheet served to that page, each over the protocol asked for (Chromium's own HTTP/1.1, or HTTP/2 over
 * the sandbox's local certificate), every warm pass showing what the cold one did (run `npm run build` first).
 */
import { sheetInChromium } from './scaleChromium';

test.each([
  ['h1', 'http/1.1'],
  ['h2', 'h2'],
] as const)(
  'over %s the sheet is served to the page over %s, and then calculated there',
  async (transport, protocol) => {
    const figures = await sheetInChromium(250, transport);
    expect(figures.served).toMatchObject({ protocols: [protocol] });
    expect(figures.served!.requests).toBeGreaterThan(1); // every distinct supplier, in full batches
    expect(figures.served!.ms).toBeGreaterThan(0);
    expect(figures.coldMs).toBeGreaterThan(0);
    expect(figures.warm).toHaveLength(2);
    expect(figures.unchanged).toBe(true);
  },
  120_000,
);
