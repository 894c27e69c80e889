/**
 * The runtime's requests as the engine sends them, told apart: a `POST /batch` made only of re-reads
 * of organizations still being profiled (`GET /organizations/{id}`) is a background poll that runs on
 * its own schedule, whatever the sheet is doing; everything else is a lookup the sheet asked for.
 */
const POLL = /^\/organizations\/\d+(\/private)?$/;

export class Traffic {
  requests = 0;
  polls = 0;
  private inFlight = 0;

  readonly fetch: typeof fetch = async (input, init) => {
    this.requests += 1;
    if (isPoll(init?.body)) this.polls += 1;
    this.inFlight += 1;
    try {
      return await fetch(input, init);
    } finally {
      this.inFlight -= 1;
    }
  };

  /** Resolves when no request is waiting for its answer, so that counting can start afresh. */
  async quiet(): Promise<void> {
    while (this.inFlight > 0) await new Promise((resolve) => setTimeout(resolve, 10));
  }

  reset(): void {
    this.requests = 0;
    this.polls = 0;
  }
}

function isPoll(body: unknown): boolean {
  if (typeof body !== 'string') return false;
  const items: unknown = JSON.parse(new URLSearchParams(body).get('requests') ?? 'null');
  return Array.isArray(items) && items.length > 0 && items.every((item: { url?: unknown; method?: unknown }) => item.method === 'GET' && typeof item.url === 'string' && POLL.test(item.url));
}
