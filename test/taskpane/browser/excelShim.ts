/**
 * A fake Excel for the pane's page: `Excel.run` over in-memory sheets (the test's sheet, any others it
 * gives, and those the add-in adds) that records what the pane writes (values, formulas, number
 * formats, inserted rows, hidden columns, images, charts with their type and source range,
 * recalculations, conditional formats, the selection), plus `Office.context.document` settings. It implements only the slice of the Excel API
 * that src/office uses, with the same names, so the built bundle runs unchanged. Installed with `page.addInitScript(installExcelShim,
 * sheet)`: it must stay self-contained (it is serialized into the page).
 *
 * The shim calculates only what the card layout needs, as Excel does it: `=CLIMATE.ORG(name, …)` shows
 * the entity (or error) the test gives for that organization in `entities`, and dot notation
 * (`=E3.Score`, `=HYPERLINK(E3.[Profile link],"Profile")`) reads a property of the entity in the cell:
 * by name in any case; #FIELD! for a name the entity lacks or a cell that holds no entity; an error in
 * the cell passes through. `values` of an entity cell is its basic value, #VALUE!, as Microsoft documents
 * (`valuesAsJson` would hold the entity). Every other formula reads back empty, as it would in the
 * instant after it was written.
 */

export interface ShimSheet {
  name: string;
  rows: Array<Array<string | number | boolean | null>>;
  selection: { rowIndex: number; columnIndex: number; rowCount: number; columnCount: number };
  /** Office.context.requirements as the host reports them (set -> version); absent: none, as outside Office. */
  requirements?: Record<string, string>;
  /** Images already floating on the first sheet (points; the shim's cells are 64 x 20). */
  images?: Array<{ name: string; left: number; top: number; width: number; height: number }>;
  /** More sheets of the workbook, after the first (values only). */
  otherSheets?: Array<{ name: string; rows: Array<Array<string | number | boolean | null>> }>;
  /**
   * What CLIMATE.ORG returns on this host, per organization (its first argument's value, lower case):
   * an Entity cell value, or an error text such as `#N/A`. Absent: CLIMATE.ORG stays uncalculated.
   */
  entities?: Record<string, unknown>;
  /** Document settings the workbook arrives with (as a file someone sent would). */
  documentSettings?: Record<string, unknown>;
}

/** One sheet as the test reads it back. */
export interface SheetDump {
  name: string;
  id: string;
  cells: Array<{
    row: number;
    column: number;
    value: unknown;
    formula: string | null;
    bold: boolean;
    numberFormat: string | null;
  }>;
  /** Charts (sheet.charts.add(type, sourceData, seriesBy)): source as `'Sheet'!A1:B2`, position as its top-left cell. */
  charts: Array<{
    name: string;
    type: string;
    source: string;
    seriesBy: string;
    title: string;
    position: string | null;
  }>;
  hiddenColumns: number[];
  /** Names of the images on this sheet (all of them, with their placement, are in WorkbookDump.shapes). */
  shapes: string[];
}

/** What the test reads back (`window.__workbook.dump()`). */
export interface WorkbookDump {
  cells: Array<{ row: number; column: number; value: unknown; formula: string | null; bold: boolean }>;
  inserts: Array<{ row: number; count: number; direction: string }>;
  shapes: Array<{
    name: string;
    altTextDescription: string;
    base64Length: number;
    left: number;
    top: number;
    height: number;
  }>;
  calculations: Array<{ scope: 'workbook' | 'range'; type?: string; box?: number[] }>;
  documentSettings: Record<string, unknown>;
  documentSettingsSaves: number;
  /** Conditional formats added (range.conditionalFormats.add), with the custom rule and fill set on them. */
  conditionalFormats: Array<{ box: number[]; type: string; formula: string | null; fill: string | null }>;
  /** The selection now (range.select() moves it). */
  selection: { rowIndex: number; columnIndex: number; rowCount: number; columnCount: number };
  /** Every sheet in order (the first is the one `cells` shows), and the active one's name. */
  sheets: SheetDump[];
  activeSheet: string;
}

export function installExcelShim(sheet: ShimSheet): void {
  type Cell = { value: unknown; formula: string | null; bold: boolean; numberFormat?: string };
  type Box = { rowIndex: number; columnIndex: number; rowCount: number; columnCount: number };
  type Chart = SheetDump['charts'][number];
  type Sheet = {
    name: string;
    id: string;
    cells: Map<string, Cell>;
    charts: Chart[];
    hidden: Set<number>;
    worksheet: Record<string, unknown>;
    shapes: () => Array<Record<string, unknown>>;
  };
  const page = window as unknown as Record<string, unknown>;
  const key = (row: number, column: number): string => `${row},${column}`;
  const letters = (text: string): number =>
    [...text.toUpperCase()].reduce((n, ch) => n * 26 + ch.charCodeAt(0) - 64, 0) - 1;
  const columnName = (index: number): string => {
    let name = '';
    for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
    return name;
  };
  const a1 = (box: Box): string => {
    const first = `${columnName(box.columnIndex)}${box.rowIndex + 1}`;
    const last = `${columnName(box.columnIndex + box.columnCount - 1)}${box.rowIndex + box.rowCount}`;
    return first === last ? first : `${first}:${last}`;
  };
  // Excel's own limits (the grid, a sheet name) and the chart types the add-in may ask for.
  const ROWS = 1_048_576,
    COLUMNS = 16_384;
  const CHART_TYPES = ['ColumnClustered', 'ColumnStacked', 'BarClustered', 'BarStacked', 'Line', 'Pie', 'XYScatter'];
  const ribbon: Record<string, (event: { completed(): void }) => void> = {};
  const sheets: Sheet[] = [];
  let selection: Box = { ...sheet.selection };
  const dump: WorkbookDump = {
    cells: [],
    inserts: [],
    shapes: [],
    calculations: [],
    documentSettings: { ...(sheet.documentSettings ?? {}) },
    documentSettingsSaves: 0,
    conditionalFormats: [],
    selection,
    sheets: [],
    activeSheet: sheet.name,
  };
  let active = sheet.name;

  const addSheet = (name: string, rows: ShimSheet['rows'], images: ShimSheet['images'] = []): Sheet => {
    const id = `{00000000-0001-0000-${String(sheets.length).padStart(4, '0')}-000000000000}`;
    const state: Sheet = { name, id, cells: new Map(), charts: [], hidden: new Set(), worksheet: {}, shapes: () => [] };
    rows.forEach((row, r) =>
      row.forEach((value, c) => {
        if (value !== null && value !== '') state.cells.set(key(r, c), { value, formula: null, bold: false });
      }),
    );
    state.worksheet = makeWorksheet(state, images);
    sheets.push(state);
    return state;
  };

  const usedBox = (state: Sheet): Box | null => {
    let top = Infinity,
      left = Infinity,
      bottom = -1,
      right = -1;
    for (const k of state.cells.keys()) {
      const [r, c] = k.split(',').map(Number);
      top = Math.min(top, r);
      left = Math.min(left, c);
      bottom = Math.max(bottom, r);
      right = Math.max(right, c);
    }
    return bottom < 0
      ? null
      : { rowIndex: top, columnIndex: left, rowCount: bottom - top + 1, columnCount: right - left + 1 };
  };

  const write = (state: Sheet, box: Box, data: unknown[][], asFormulas: boolean): void => {
    if (data.length !== box.rowCount || data.some((row) => row.length !== box.columnCount)) {
      throw new Error(
        `The dimensions of the data (${data.length}x${data[0]?.length}) do not match the range (${box.rowCount}x${box.columnCount}).`,
      );
    }
    data.forEach((row, i) =>
      row.forEach((value, j) => {
        const k = key(box.rowIndex + i, box.columnIndex + j);
        const { bold = false, numberFormat } = state.cells.get(k) ?? {};
        if (value === '' || value === null) state.cells.delete(k);
        else if (asFormulas && typeof value === 'string' && value.startsWith('='))
          state.cells.set(k, { value: null, formula: value, bold, numberFormat });
        else state.cells.set(k, { value, formula: null, bold, numberFormat });
      }),
    );
  };

  // The formulas the shim calculates (see the top of this file).
  const CELL = /^\$?([A-Za-z]{1,3})\$?([1-9]\d*)$/;
  const ORG_CALL = /^=\s*(?:_xldudf_)?CLIMATE\.ORG\(\s*("(?:[^"]|"")*"|\$?[A-Za-z]{1,3}\$?[1-9]\d*)/i;
  const DOT = /^(\$?[A-Za-z]{1,3}\$?[1-9]\d*)\.(?:\[([^\]]+)\]|([A-Za-z_]\w*))$/;
  const HYPERLINK = /^HYPERLINK\((.+),"((?:[^"]|"")*)"\)$/i;
  type Property = { type?: string; basicValue?: unknown; errorType?: string };
  type Entity = { type: 'Entity'; basicValue?: unknown; properties?: Record<string, Property> };
  // An error cell value's text by its errorType (Excel.ErrorCellValueType).
  const ERROR_TEXT: Record<string, string> = {
    NotAvailable: '#N/A',
    Field: '#FIELD!',
    Busy: '#BUSY!',
    Value: '#VALUE!',
  };
  const isEntity = (value: unknown): value is Entity =>
    typeof value === 'object' && value !== null && (value as { type?: unknown }).type === 'Entity';
  const isError = (value: unknown): boolean => typeof value === 'string' && /^#(N\/A|[A-Z0-9/]+[!?])$/.test(value);
  const cellAt = (state: Sheet, ref: string): Cell | undefined => {
    const [, column, row] = CELL.exec(ref)!;
    return state.cells.get(key(Number(row) - 1, letters(column)));
  };
  /** A cell's value as Excel calculates it; null for a formula the shim does not calculate. */
  const calculated = (state: Sheet, cell: Cell | undefined, depth = 0): unknown => {
    if (!cell) return null;
    if (cell.formula === null) return cell.value;
    const org = ORG_CALL.exec(cell.formula);
    if (org) {
      if (!sheet.entities) return null;
      const name = org[1].startsWith('"') ? org[1].slice(1, -1).replace(/""/g, '"') : cellAt(state, org[1])?.value;
      return sheet.entities[String(name ?? '').toLowerCase()] ?? null;
    }
    const body = cell.formula.slice(1).trim();
    const link = HYPERLINK.exec(body);
    const dot = DOT.exec(link ? link[1].trim() : body);
    if (!dot || depth > 8) return null;
    const holder = cellAt(state, dot[1]);
    const source = calculated(state, holder, depth + 1);
    if (source === null && holder?.formula) return null; // the card itself is not calculated yet
    if (isError(source)) return source;
    if (!isEntity(source)) return '#FIELD!';
    const field = (dot[2] ?? dot[3]).toLowerCase();
    const name = Object.keys(source.properties ?? {}).find((property) => property.toLowerCase() === field);
    if (name === undefined) return '#FIELD!';
    const property = source.properties![name];
    const value =
      property.type === 'Error' ? (ERROR_TEXT[property.errorType ?? ''] ?? '#VALUE!') : (property.basicValue ?? null);
    return link && !isError(value) ? link[2].replace(/""/g, '"') : value;
  };
  /** What `values` reads: an entity's basic value, '' for an empty or uncalculated cell. */
  const shown = (state: Sheet, cell: Cell | undefined): unknown => {
    const value = calculated(state, cell);
    return isEntity(value) ? (value.basicValue ?? '#VALUE!') : (value ?? '');
  };

  const read = (state: Sheet, box: Box, pick: (cell: Cell | undefined) => unknown): unknown[][] =>
    Array.from({ length: box.rowCount }, (_, i) =>
      Array.from({ length: box.columnCount }, (_, j) =>
        pick(state.cells.get(key(box.rowIndex + i, box.columnIndex + j))),
      ),
    );

  const within = (box: Box, row: number, column: number): boolean =>
    row >= box.rowIndex &&
    row < box.rowIndex + box.rowCount &&
    column >= box.columnIndex &&
    column < box.columnIndex + box.columnCount;

  const range = (state: Sheet, box: Box): Record<string, unknown> => {
    const self: Record<string, unknown> = {
      ...box,
      isNullObject: false,
      worksheet: state.worksheet,
      address: `${state.name.includes(' ') || state.name.includes("'") ? `'${state.name.replace(/'/g, "''")}'` : state.name}!${a1(box)}`,
      left: box.columnIndex * 64,
      top: box.rowIndex * 20,
      height: 20 * box.rowCount,
      width: 64 * box.columnCount,
      load: () => self,
      calculate: () =>
        void dump.calculations.push({
          scope: 'range',
          box: [box.rowIndex, box.columnIndex, box.rowCount, box.columnCount],
        }),
      select: () => void (selection = { ...box }),
      // Range.clear(applyTo): 'All' (the default) removes contents and formats; 'Contents' keeps formats.
      clear: (applyTo = 'All') => {
        for (const [k, cell] of [...state.cells]) {
          const [r, c] = k.split(',').map(Number);
          if (!within(box, r, c)) continue;
          if (applyTo === 'All' || applyTo === 'Contents') state.cells.delete(k);
          else if (applyTo === 'Formats') Object.assign(cell, { bold: false, numberFormat: undefined });
        }
      },
      // Excel's ConditionalFormatCollection.add(type): the custom rule's formula and fill are set after.
      conditionalFormats: {
        add(type: string) {
          const entry = {
            box: [box.rowIndex, box.columnIndex, box.rowCount, box.columnCount],
            type,
            formula: null as string | null,
            fill: null as string | null,
          };
          dump.conditionalFormats.push(entry);
          return {
            custom: {
              rule: {
                set formula(text: string) {
                  entry.formula = text;
                },
              },
              format: {
                fill: {
                  set color(colour: string) {
                    entry.fill = colour;
                  },
                },
              },
            },
          };
        },
      },
      getEntireRow: () => ({
        insert(direction: string) {
          const moved = new Map<string, Cell>();
          for (const [k, cell] of state.cells) {
            const [r, c] = k.split(',').map(Number);
            moved.set(key(r >= box.rowIndex ? r + box.rowCount : r, c), cell);
          }
          state.cells = moved;
          dump.inserts.push({ row: box.rowIndex, count: box.rowCount, direction });
        },
      }),
      // Range.columnHidden (ExcelApi 1.2) may only be set on entire columns.
      getEntireColumn: () => ({
        set columnHidden(hidden: boolean) {
          for (let c = box.columnIndex; c < box.columnIndex + box.columnCount; c++) {
            if (hidden) state.hidden.add(c);
            else state.hidden.delete(c);
          }
        },
      }),
      format: {
        font: {
          set bold(on: boolean) {
            for (let i = 0; i < box.rowCount; i++) {
              for (let j = 0; j < box.columnCount; j++) {
                const cell = state.cells.get(key(box.rowIndex + i, box.columnIndex + j));
                if (cell) cell.bold = on;
              }
            }
          },
        },
      },
    };
    Object.defineProperty(self, 'values', {
      get: () => read(state, box, (cell) => shown(state, cell)),
      set: (data: unknown[][]) => write(state, box, data, false),
    });
    Object.defineProperty(self, 'formulas', {
      get: () => read(state, box, (cell) => (cell ? (cell.formula ?? cell.value) : '')),
      set: (data: unknown[][]) => write(state, box, data, true),
    });
    // A format on an empty cell is kept by Excel; here it waits on a placeholder until a value arrives.
    Object.defineProperty(self, 'numberFormat', {
      set: (data: string[][]) => {
        if (data.length !== box.rowCount || data.some((row) => row.length !== box.columnCount))
          throw new Error('The dimensions of the number formats do not match the range.');
        data.forEach((row, i) =>
          row.forEach((format, j) => {
            const k = key(box.rowIndex + i, box.columnIndex + j);
            const cell = state.cells.get(k);
            if (cell) cell.numberFormat = format;
            else pendingFormats.set(`${state.id}|${k}`, format);
          }),
        );
      },
    });
    return self;
  };
  const pendingFormats = new Map<string, string>();

  function makeWorksheet(state: Sheet, images: NonNullable<ShimSheet['images']>): Record<string, unknown> {
    const worksheet: Record<string, unknown> = {
      isNullObject: false,
      load: () => worksheet,
      activate: () => void (active = state.name),
    };
    Object.defineProperty(worksheet, 'name', { get: () => state.name });
    Object.defineProperty(worksheet, 'id', { get: () => state.id });
    const chartItems: Array<Record<string, unknown>> = [];
    const shapeItems: Array<Record<string, unknown>> = images.map((image) => ({ ...image }));
    let loadedCharts: Array<Record<string, unknown>> = [];
    let loadedShapes: Array<Record<string, unknown>> = [];
    state.shapes = () => shapeItems;
    Object.assign(worksheet, {
      getRangeByIndexes: (rowIndex: number, columnIndex: number, rowCount: number, columnCount: number) =>
        range(state, { rowIndex, columnIndex, rowCount, columnCount }),
      // No address: the whole sheet (Worksheet.getRange()).
      getRange: (address?: string) => {
        if (address === undefined)
          return range(state, { rowIndex: 0, columnIndex: 0, rowCount: ROWS, columnCount: COLUMNS });
        const [from, to = from] = address
          .replace(/\$/g, '')
          .split(':')
          .map((part) => /^([A-Z]+)(\d+)$/i.exec(part)!);
        const rowIndex = Number(from[2]) - 1,
          columnIndex = letters(from[1]);
        return range(state, {
          rowIndex,
          columnIndex,
          rowCount: Number(to[2]) - rowIndex,
          columnCount: letters(to[1]) - columnIndex + 1,
        });
      },
      getUsedRangeOrNullObject: () => {
        const used = usedBox(state);
        return used ? range(state, used) : { isNullObject: true, load: () => undefined };
      },
      // ChartCollection.add(type, sourceData, seriesBy): an Excel.ChartType and a Range.
      // A collection's `items` is what the last load() read: deleting an item does not change it.
      charts: {
        get items() {
          return loadedCharts;
        },
        load: () => void (loadedCharts = [...chartItems]),
        add(type: string, source: { address?: unknown }, seriesBy = 'Auto') {
          if (!CHART_TYPES.includes(type)) throw new Error(`InvalidArgument: ${type} is not a chart type.`);
          if (typeof source?.address !== 'string') throw new Error('InvalidArgument: sourceData must be a Range.');
          const entry: Chart = {
            name: `Chart ${state.charts.length + 1}`,
            type,
            source: source.address,
            seriesBy,
            title: '',
            position: null,
          };
          state.charts.push(entry);
          const chart: Record<string, unknown> = {
            title: {
              set text(text: string) {
                entry.title = text;
              },
            },
            setPosition: (start: { address?: string } | string) =>
              void (entry.position = typeof start === 'string' ? start : String(start.address).split('!')[1]),
            delete: () => {
              state.charts.splice(state.charts.indexOf(entry), 1);
              chartItems.splice(chartItems.indexOf(chart), 1);
            },
          };
          Object.defineProperty(chart, 'name', {
            get: () => entry.name,
            set: (name: string) => void (entry.name = name),
          });
          chartItems.push(chart);
          return chart;
        },
      },
      shapes: {
        get items() {
          return loadedShapes;
        },
        load: () => void (loadedShapes = [...shapeItems]),
        addImage(base64: string) {
          const shape = {
            name: '',
            altTextDescription: '',
            base64Length: base64.length,
            left: 0,
            top: 0,
            height: 0,
            lockAspectRatio: false,
          };
          // The logo is square: its width follows its height (kept out of the dump, which lists what was set).
          Object.defineProperty(shape, 'width', { get: () => shape.height, enumerable: false });
          dump.shapes.push(shape);
          const item = Object.assign(shape, {
            delete: () => {
              dump.shapes.splice(dump.shapes.indexOf(shape), 1);
              shapeItems.splice(shapeItems.indexOf(item), 1);
            },
          });
          shapeItems.push(item);
          return item;
        },
      },
    });
    return worksheet;
  }

  addSheet(sheet.name, sheet.rows, sheet.images);
  for (const other of sheet.otherSheets ?? []) addSheet(other.name, other.rows);
  const find = (name: string): Sheet | undefined => sheets.find((s) => s.name.toLowerCase() === name.toLowerCase());
  const first = (): Sheet => sheets[0];

  const context = {
    workbook: {
      getSelectedRange: () => range(find(active) ?? first(), selection),
      worksheets: {
        getItem(name: string) {
          const found = find(name);
          if (!found) throw new Error(`ItemNotFound: no sheet called ${name}.`);
          return found.worksheet;
        },
        getItemOrNullObject: (name: string) => find(name)?.worksheet ?? { isNullObject: true, load: () => undefined },
        // WorksheetCollection.add(name): names are unique regardless of case, at most 31 characters.
        add(name: string) {
          if (find(name)) throw new Error(`ItemAlreadyExists: a sheet called ${name} exists.`);
          if (!name || name.length > 31 || /[:\\/?*[\]]/.test(name))
            throw new Error(`InvalidArgument: ${name} cannot name a sheet.`);
          return addSheet(name, []).worksheet;
        },
        getActiveWorksheet: () => (find(active) ?? first()).worksheet,
      },
      application: { calculate: (type: string) => void dump.calculations.push({ scope: 'workbook', type }) },
    },
    sync: async () => {
      // Formats set before their cells were written land on them once both are in.
      for (const [k, format] of [...pendingFormats]) {
        const [id, cellKey] = k.split('|');
        const cell = sheets.find((s) => s.id === id)?.cells.get(cellKey);
        if (cell) {
          cell.numberFormat = format;
          pendingFormats.delete(k);
        }
      }
    },
  };
  page.Excel = { run: async (batch: (ctx: unknown) => Promise<unknown>) => batch(context) };

  const settings = {
    get: (name: string) =>
      name in dump.documentSettings ? JSON.parse(JSON.stringify(dump.documentSettings[name])) : null,
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
    /** Selects a box, on another sheet when named (which becomes the active sheet, as in Excel). */
    select(box: Box, sheetName?: string) {
      if (sheetName) active = sheetName;
      selection = { ...box };
    },
    dump(): WorkbookDump {
      const list = (state: Sheet) => {
        const out = [...state.cells].map(([k, cell]) => {
          const [row, column] = k.split(',').map(Number);
          return {
            row,
            column,
            value: calculated(state, cell),
            formula: cell.formula,
            bold: cell.bold,
            numberFormat: cell.numberFormat ?? null,
          };
        });
        return out.sort((a, b) => a.row - b.row || a.column - b.column);
      };
      const all = sheets.map((state) => ({
        name: state.name,
        id: state.id,
        cells: list(state),
        charts: state.charts,
        hiddenColumns: [...state.hidden].sort((a, b) => a - b),
        shapes: state.shapes().map((shape) => String(shape.name)),
      }));
      const cells = list(first()).map(({ numberFormat: _, ...cell }) => cell);
      return JSON.parse(JSON.stringify({ ...dump, cells, selection, sheets: all, activeSheet: active }));
    },
  };
}
