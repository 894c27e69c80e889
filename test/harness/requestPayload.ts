/**
 * The size of an Excel.run request as Excel on the web receives it, which refuses any over 5 MB
 * (`RequestPayloadSizeLimitExceeded`, "only in Office on the web": Microsoft's resource limits for
 * Excel add-ins). The harness reports itself as Office on the web (officeGlobals.ts), so a
 * `context.sync()` whose request is larger fails here too and calculates nothing.
 *
 * A request is measured as Office.js writes it: a RichApi request body, JSON of the object paths the
 * batch made (the workbook, its worksheets, each sheet, each `getRange`) and its actions (each range
 * instantiated, then `Calculate`), with ids counted up as Office.js counts them.
 */
import { REQUEST_PAYLOAD_LIMIT } from '../stand-ins/limits';

export interface QueuedCalculation {
  sheet: string | null;
  address: string;
}

interface ObjectPath {
  Id: number;
  ObjectPathType: number;
  Name: string;
  ParentObjectPathId?: number;
  ArgumentInfo?: { Arguments: unknown[] };
}

interface Action {
  Id: number;
  ActionType: number;
  Name: string;
  ObjectPathId: number;
  ArgumentInfo?: Record<string, never>;
}

// RichApi's numbering: object paths 1 global, 3 method, 4 property; actions 1 instantiate, 3 method.
const PATH = { global: 1, method: 3, property: 4 } as const;
const ACTION = { instantiate: 1, method: 3 } as const;

/** Bytes of the request body a sync of these calculations sends. */
export function requestBytes(calculations: readonly QueuedCalculation[]): number {
  let id = 0;
  const paths: Record<number, ObjectPath> = {};
  const actions: Action[] = [];
  const path = (entry: Omit<ObjectPath, 'Id'>): number => {
    id += 1;
    paths[id] = { Id: id, ...entry };
    return id;
  };
  const workbook = path({ ObjectPathType: PATH.global, Name: '' });
  const worksheets = path({ ObjectPathType: PATH.property, Name: 'Worksheets', ParentObjectPathId: workbook });
  const sheets = new Map<string | null, number>();
  for (const { sheet, address } of calculations) {
    let sheetPath = sheets.get(sheet);
    if (sheetPath === undefined) {
      sheetPath =
        sheet === null
          ? path({ ObjectPathType: PATH.method, Name: 'GetActiveWorksheet', ParentObjectPathId: worksheets })
          : path({
              ObjectPathType: PATH.method,
              Name: 'GetItem',
              ParentObjectPathId: worksheets,
              ArgumentInfo: { Arguments: [sheet] },
            });
      sheets.set(sheet, sheetPath);
    }
    const range = path({
      ObjectPathType: PATH.method,
      Name: 'GetRange',
      ParentObjectPathId: sheetPath,
      ArgumentInfo: { Arguments: [address] },
    });
    actions.push({ Id: (id += 1), ActionType: ACTION.instantiate, Name: '', ObjectPathId: range });
    actions.push({
      Id: (id += 1),
      ActionType: ACTION.method,
      Name: 'Calculate',
      ObjectPathId: range,
      ArgumentInfo: {},
    });
  }
  return new TextEncoder().encode(JSON.stringify({ Actions: actions, ObjectPaths: paths })).length;
}

/** Throws what Excel on the web throws for a request over its limit. */
export function checkRequestSize(calculations: readonly QueuedCalculation[]): void {
  const bytes = requestBytes(calculations);
  if (bytes <= REQUEST_PAYLOAD_LIMIT) return;
  throw Object.assign(new Error(`The request payload size has exceeded the limit (${bytes} bytes).`), {
    code: 'RequestPayloadSizeLimitExceeded',
  });
}
