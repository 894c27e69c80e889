/**
 * A fake Excel for the pane's page: `Excel.run` over one in-memory sheet that records what the pane
 * writes (values, formulas, inserted rows, images, recalculations, conditional formats, the
 * selection), plus `Office.context.document` settings. It implements only the slice of the Excel API
 * that src/office uses, with the same names, so the built bundle runs unchanged. Installed with `page.addInitScript(installExcelShim,
 * sheet)`: it must stay self-contained (it is serialized into the page).
 *
 * The shim does not calculate: formula cells read back as empty values, as they would in the instant
 * after they were written.
 */

export interface ShimSheet {
  name: string;
  rows: Array<Array<string | number | boolean | null>>;
  selection: { rowIndex: number; columnIndex: number; rowCount: number; columnCount: number };
  /** Office.context.requirements as the host reports them (set -> version); absent: none, as outside Office. */
  requirements?: Record<string, string>;
}

/** What the test reads back (`window.__workbook.dump()`). */
export interface WorkbookDump {
  cells: Array<{ row: number; column: number; value: unknown; formula: string | null; bold: boolean }>;
  inserts: Array<{ row: number; count: number; direction: string }>;
  shapes: Array<{ name: string; altTextDescription: string; base64Length: number; left: number; top: number; height: number }>;
  calculations: Array<{ scope: 'workbook' | 'range'; type?: string; box?: number[] }>;
  documentSettings: Record<string, unknown>;
  documentSettingsSaves: number;
  /** Conditional formats added (range.conditionalFormats.add), with the custom rule and fill set on them. */
  conditionalFormats: Array<{ box: number[]; type: string; formula: string | null; fill: string | null }>;
  /** The selection now (range.select() moves it). */
  selection: { rowIndex: number; columnIndex: number; rowCount: number; columnCount: number };
}

export function installExcelShim(sheet: ShimSheet): void {
  type Cell = { value: unknown; formula: string | null; bold: boolean };
  type Box = { rowIndex: number; columnIndex: number; rowCount: number; columnCount: number };
  const page = window as unknown as Record<string, unknown>;
  let cells = new Map<string, Cell>();
  const key = (row: number, column: number): string => `${row},${column}`;
  sheet.rows.forEach((row, r) =>
    row.forEach((value, c) => {
      if (value !== null && value !== '') cells.set(key(r, c), { value, formula: null, bold: false });
    }),
  );
  let selection: Box = { ...sheet.selection };
  const ribbon: Record<string, (event: { completed(): void }) => void> = {};
  const dump: WorkbookDump = {
    cells: [], inserts: [], shapes: [], calculations: [], documentSettings: {}, documentSettingsSaves: 0, conditionalFormats: [], selection,
  };

  const usedBox = (): Box | null => {
    let top = Infinity, left = Infinity, bottom = -1, right = -1;
    for (const k of cells.keys()) {
      const [r, c] = k.split(',').map(Number);
      top = Math.min(top, r); left = Math.min(left, c); bottom = Math.max(bottom, r); right = Math.max(right, c);
    }
    return bottom < 0 ? null : { rowIndex: top, columnIndex: left, rowCount: bottom - top + 1, columnCount: right - left + 1 };
  };

  const write = (box: Box, data: unknown[][], asFormulas: boolean): void => {
    if (data.length !== box.rowCount || data.some((row) => row.length !== box.columnCount)) {
      throw new Error(`The dimensions of the data (${data.length}x${data[0]?.length}) do not match the range (${box.rowCount}x${box.columnCount}).`);
    }
    data.forEach((row, i) =>
      row.forEach((value, j) => {
        const k = key(box.rowIndex + i, box.columnIndex + j);
        const bold = cells.get(k)?.bold ?? false;
        if (value === '' || value === null) cells.delete(k);
        else if (asFormulas && typeof value === 'string' && value.startsWith('=')) cells.set(k, { value: null, formula: value, bold });
        else cells.set(k, { value, formula: null, bold });
      }),
    );
  };

  const read = (box: Box, pick: (cell: Cell | undefined) => unknown): unknown[][] =>
    Array.from({ length: box.rowCount }, (_, i) => Array.from({ length: box.columnCount }, (_, j) => pick(cells.get(key(box.rowIndex + i, box.columnIndex + j)))));

  const worksheet: Record<string, unknown> = { name: sheet.name, load: () => worksheet, activate: () => undefined };
  const range = (box: Box): Record<string, unknown> => {
    const self: Record<string, unknown> = {
      ...box,
      isNullObject: false,
      worksheet,
      left: box.columnIndex * 64,
      top: box.rowIndex * 20,
      height: 20 * box.rowCount,
      width: 64 * box.columnCount,
      load: () => self,
      calculate: () => void dump.calculations.push({ scope: 'range', box: [box.rowIndex, box.columnIndex, box.rowCount, box.columnCount] }),
      select: () => void (selection = { ...box }),
      // Excel's ConditionalFormatCollection.add(type): the custom rule's formula and fill are set after.
      conditionalFormats: {
        add(type: string) {
          const entry = { box: [box.rowIndex, box.columnIndex, box.rowCount, box.columnCount], type, formula: null as string | null, fill: null as string | null };
          dump.conditionalFormats.push(entry);
          return {
            custom: {
              rule: { set formula(text: string) { entry.formula = text; } },
              format: { fill: { set color(colour: string) { entry.fill = colour; } } },
            },
          };
        },
      },
      getEntireRow: () => ({
        insert(direction: string) {
          const moved = new Map<string, Cell>();
          for (const [k, cell] of cells) {
            const [r, c] = k.split(',').map(Number);
            moved.set(key(r >= box.rowIndex ? r + box.rowCount : r, c), cell);
          }
          cells = moved;
          dump.inserts.push({ row: box.rowIndex, count: box.rowCount, direction });
        },
      }),
      format: {
        font: {
          set bold(on: boolean) {
            for (let i = 0; i < box.rowCount; i++) {
              for (let j = 0; j < box.columnCount; j++) {
                const cell = cells.get(key(box.rowIndex + i, box.columnIndex + j));
                if (cell) cell.bold = on;
              }
            }
          },
        },
      },
    };
    Object.defineProperty(self, 'values', {
      get: () => read(box, (cell) => (cell && cell.formula === null ? cell.value : '')),
      set: (data: unknown[][]) => write(box, data, false),
    });
    Object.defineProperty(self, 'formulas', {
      get: () => read(box, (cell) => (cell ? cell.formula ?? cell.value : '')),
      set: (data: unknown[][]) => write(box, data, true),
    });
    return self;
  };

  const letters = (text: string): number => [...text.toUpperCase()].reduce((n, ch) => n * 26 + ch.charCodeAt(0) - 64, 0) - 1;
  Object.assign(worksheet, {
    getRangeByIndexes: (rowIndex: number, columnIndex: number, rowCount: number, columnCount: number) => range({ rowIndex, columnIndex, rowCount, columnCount }),
    getRange: (address: string) => {
      const [from, to = from] = address.replace(/\$/g, '').split(':').map((part) => /^([A-Z]+)(\d+)$/i.exec(part)!);
      const rowIndex = Number(from[2]) - 1, columnIndex = letters(from[1]);
      return range({ rowIndex, columnIndex, rowCount: Number(to[2]) - rowIndex, columnCount: letters(to[1]) - columnIndex + 1 });
    },
    getUsedRangeOrNullObject: () => {
      const used = usedBox();
      return used ? range(used) : { isNullObject: true, load: () => undefined };
    },
    shapes: {
      addImage(base64: string) {
        const shape = { name: '', altTextDescription: '', base64Length: base64.length, left: 0, top: 0, height: 0, lockAspectRatio: false };
        dump.shapes.push(shape);
        return shape;
      },
    },
  });

  const context = {
    workbook: {
      getSelectedRange: () => range(selection),
      worksheets: {
        getItem(name: string) {
          if (name !== sheet.name) throw new Error(`No sheet called ${name}.`);
          return worksheet;
        },
        getActiveWorksheet: () => worksheet,
      },
      application: { calculate: (type: string) => void dump.calculations.push({ scope: 'workbook', type }) },
    },
    sync: async () => undefined,
  };
  page.Excel = { run: async (batch: (ctx: unknown) => Promise<unknown>) => batch(context) };

  const settings = {
    get: (name: string) => (name in dump.documentSettings ? JSON.parse(JSON.stringify(dump.documentSettings[name])) : null),
    set: (name: string, value: unknown) => void (dump.documentSettings[name] = JSON.parse(JSON.stringify(value))),
    remove: (name: string) => void delete dump.documentSettings[name],
    saveAsync: (callback?: (result: { status: string }) => void) => {
      dump.documentSettingsSaves += 1;
      callback?.({ status: 'succeeded' });
    },
  };
  // office.js (a plain script in <head>) has run once the document is interactive, and the add-in's
  // deferred bundles have not: registering here puts this onReady callback before theirs.
  document.addEventListener('readystatechange', () => {
    const office = page.Office as { onReady(callback: () => void): unknown; context: object } | undefined;
    if (document.readyState !== 'interactive' || !office) return;
    // The ribbon: Office.actions of a host with add-in commands, so a test can press a button.
    const associate = (name: string, handler: (event: { completed(): void }) => void) => void (ribbon[name] = handler);
    Object.defineProperty(office, 'actions', { configurable: true, value: { associate } });
    office.onReady(() => {
      Object.defineProperty(office.context, 'document', { configurable: true, value: { settings } });
      const have = sheet.requirements;
      if (!have) return;
      const atLeast = (a: string, b: string): boolean => {
        const [x, y] = [a.split('.').map(Number), b.split('.').map(Number)];
        for (let i = 0; i < Math.max(x.length, y.length); i++) {
          if ((x[i] ?? 0) !== (y[i] ?? 0)) return (x[i] ?? 0) > (y[i] ?? 0);
        }
        return true;
      };
      const isSetSupported = (name: string, version = '1.1') => name in have && atLeast(have[name], version);
      Object.defineProperty(office.context, 'requirements', { configurable: true, value: { isSetSupported } });
    });
  });

  page.__workbook = {
    /** Presses a ribbon button (an ExecuteFunction action the add-in associated). */
    press(name: string) {
      ribbon[name]?.({ completed: () => undefined });
    },
    select(box: Box) {
      selection = { ...box };
    },
    dump(): WorkbookDump {
      const list = [...cells].map(([k, cell]) => {
        const [row, column] = k.split(',').map(Number);
        return { row, column, value: cell.value, formula: cell.formula, bold: cell.bold };
      });
      list.sort((a, b) => a.row - b.row || a.column - b.column);
      return JSON.parse(JSON.stringify({ ...dump, cells: list, selection }));
    },
  };
}
