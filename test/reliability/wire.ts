/**
 * What the add-in sent and what came back, seen from its side of the wire: a `fetch` for the
 * workbook's runtime that passes every request through and notes, per `POST /batch`, how many items
 * went, the answer's status, whether its body was readable JSON, the item statuses it held, and when.
 * The matrix reads the faults the add-in actually met from it, and the order of requests and 401s.
 */

export interface Exchange {
  /** Items in the batch sent. */
  items: number;
  sentAt: number;
  /** When the answer was read, or the request failed; null while pending. */
  endedAt: number | null;
  /** HTTP status; null when no answer came (dropped, refused, timed out, aborted). */
  status: number | null;
  /** The body of a 200 was not complete JSON. */
  malformed: boolean;
  /** Statuses of the items of a readable 200 batch answer. */
  itemStatuses: number[];
}

export class Wire {
  readonly exchanges: Exchange[] = [];

  readonly fetch: typeof fetch = async (input, init) => {
    const exchange: Exchange = {
      items: itemsOf(init?.body),
      sentAt: Date.now(),
      endedAt: null,
      status: null,
      malformed: false,
      itemStatuses: [],
    };
    this.exchanges.push(exchange);
    try {
      const response = await fetch(input, init);
      // Read from a copy, so that the add-in reads (or fails to read) the answer exactly as it would.
      const text = await response
        .clone()
        .text()
        .catch(() => null);
      if (text === null) return response; // cut while being read: no answer
      exchange.status = response.status;
      if (response.status === 200) {
        const items = parse(text);
        if (Array.isArray(items)) exchange.itemStatuses = items.map((item: { status?: number }) => item.status ?? 0);
        else exchange.malformed = true;
      }
      return response;
    } finally {
      exchange.endedAt = Date.now();
    }
  };

  count(predicate: (exchange: Exchange) => boolean): number {
    return this.exchanges.filter(predicate).length;
  }

  /** Items sent over all batches, retries included. */
  get itemsSent(): number {
    return this.exchanges.reduce((sum, exchange) => sum + exchange.items, 0);
  }

  /** When the add-in first read a 401 (for the whole request or an item), or null. */
  firstRefusalAt(): number | null {
    const refused = this.exchanges.filter(
      (e) => e.endedAt !== null && (e.status === 401 || e.itemStatuses.includes(401)),
    );
    return refused.length === 0 ? null : Math.min(...refused.map((e) => e.endedAt!));
  }
}

export const isDropped = (e: Exchange): boolean => e.endedAt !== null && e.status === null;
/** A batch answer with fewer items than were sent. */
export const isShort = (e: Exchange): boolean => e.status === 200 && !e.malformed && e.itemStatuses.length < e.items;

function itemsOf(body: unknown): number {
  if (typeof body !== 'string') return 0;
  const items = parse(new URLSearchParams(body).get('requests') ?? '');
  return Array.isArray(items) ? items.length : 0;
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
