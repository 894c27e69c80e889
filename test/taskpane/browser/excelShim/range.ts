/**
 * The shim's Excel.Range: values and formulas read and written (with Excel's dimension check), number
 * formats, clearing, bold, rows inserted, whole columns (hidden, or their used range), conditional
 * formats, selection and recalculation, each recorded in the book's dump; merged areas listed, and
 * writes refused as Excel refuses them (a protected sheet, part of a merged area).
 */
import type { ShimCardFormulas } from './cardFormulas';
import { quoteSheet } from '../../../stand-ins/addresses';
import * as grid from './grid';
import type { Book, Box, Cell, Sheet } from './types';

export function shimRange(book: Book, formulas: ShimCardFormulas) {
  const { key, within, place } = grid;
  const boxList = (box: Box): number[] => [box.rowIndex, box.columnIndex, box.rowCount, box.columnCount];

  const overlap = (a: Box, b: Box): Box | null => {
    const top = Math.max(a.rowIndex, b.rowIndex);
    const left = Math.max(a.columnIndex, b.columnIndex);
    const bottom = Math.min(a.rowIndex + a.rowCount, b.rowIndex + b.rowCount);
    const right = Math.min(a.columnIndex + a.columnCount, b.columnIndex + b.columnCount);
    return bottom > top && right > left
      ? { rowIndex: top, columnIndex: left, rowCount: bottom - top, columnCount: right - left }
      : null;
  };
  /** Excel writes a merged area's top-left cell or the whole area, never another part of it. */
  const splits = (box: Box, area: Box): boolean => {
    const shared = overlap(box, area);
    if (!shared) return false;
    const whole = shared.rowCount === area.rowCount && shared.columnCount === area.columnCount;
    const corner = shared.rowCount === 1 && shared.columnCount === 1 && shared.rowIndex === area.rowIndex;
    return !whole && !(corner && shared.columnIndex === area.columnIndex);
  };

  const write = (state: Sheet, box: Box, data: unknown[][], asFormulas: boolean): void => {
    if (data.length !== box.rowCount || data.some((row) => row.length !== box.columnCount)) {
      throw new Error(
        `The dimensions of the data (${data.length}x${data[0]?.length}) do not match the range (${box.rowCount}x${box.columnCount}).`,
      );
    }
    if (book.refused(state)) return;
    // What the request carries: the written values, as JSON; past 5 MB it fails, having written nothing.
    book.requestBytes += new TextEncoder().encode(JSON.stringify(data)).length;
    if (book.requestBytes > book.limits.payloadBytes) {
      book.failure ??= book.tooLarge();
      return;
    }
    if (state.merged.some((area) => splits(box, area))) {
      book.failure = Object.assign(new Error("We can't do that to a merged cell."), { code: 'InvalidOperation' });
      return;
    }
    data.forEach((row, i) =>
      row.forEach((value, j) => {
        const k = key(box.rowIndex + i, box.columnIndex + j);
        const { bold = false, numberFormat } = state.cells.get(k) ?? {};
        if (value === '' || value === null) state.cells.delete(k);
        else if (asFormulas && typeof value === 'string' && value.startsWith('=')) {
          const cell = { value: null, formula: value, bold, numberFormat };
          formulas.calculate(cell, 'entry'); // Excel calculates a formula entered
          state.cells.set(k, cell);
        } else state.cells.set(k, { value, formula: null, bold, numberFormat });
      }),
    );
  };

  const read = (state: Sheet, box: Box, pick: (cell: Cell | undefined) => unknown): unknown[][] =>
    Array.from({ length: box.rowCount }, (_, i) =>
      Array.from({ length: box.columnCount }, (_, j) =>
        pick(state.cells.get(key(box.rowIndex + i, box.columnIndex + j))),
      ),
    );

  // Excel's ConditionalFormatCollection.add(type): the custom rule's formula and fill are set after.
  const conditionalFormats = (state: Sheet, box: Box) => ({
    add(type: string) {
      const entry = { box: boxList(box), type, formula: null as string | null, fill: null as string | null };
      if (!book.refused(state)) book.dump.conditionalFormats.push(entry);
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
  });

  // Range.columnHidden (ExcelApi 1.2): true when every column of the range is hidden, false when none, else null.
  const columnHidden = (state: Sheet, box: Box): boolean | null => {
    const hidden = Array.from({ length: box.columnCount }, (_, i) => state.hidden.has(box.columnIndex + i));
    return hidden.every(Boolean) ? true : hidden.some(Boolean) ? null : false;
  };

  return function range(state: Sheet, box: Box): Record<string, unknown> {
    const self: Record<string, unknown> = {
      ...box,
      isNullObject: false,
      worksheet: state.worksheet,
      // The sheet quoted as in the addresses Excel gives custom functions (quoteSheet): the typings give
      // only `Sheet1!A1:B4`. The pane never reads it; a chart's source in the dump shows it.
      address: `${quoteSheet(state.name)}!${grid.a1(box)}`,
      left: box.columnIndex * 64,
      top: box.rowIndex * 20,
      height: 20 * box.rowCount,
      width: 64 * box.columnCount,
      // Range.load: what is loaded is measured at the next sync (its response).
      load: (properties?: unknown) => {
        book.loads.push({ of: self, properties });
        return self;
      },
      // Range.calculate (ExcelApi 1.6; the typings: "Calculates a range of cells on a worksheet"): the
      // cards in this range take what the service answers now (`__workbook.answerOnRecalculation`), the
      // cards outside it keep theirs; fields follow their card: Excel marks "dependents of volatile or changed
      // data" dirty (typings, Excel.CalculationType.recalculate) and, calculating automatically, recalculates them.
      calculate: () => {
        book.dump.calculations.push({ scope: 'range', box: boxList(box) });
        for (const [k, cell] of state.cells) if (within(box, ...place(k))) formulas.calculate(cell, 'range');
      },
      select: () => void Object.assign(book, { selection: { ...box }, moreAreas: [] }),
      // Range.clear(applyTo): 'All' (the default) removes contents and formats; 'Contents' keeps formats.
      clear: (applyTo = 'All') => {
        if (book.refused(state)) return;
        for (const [k, cell] of [...state.cells]) {
          const [r, c] = place(k);
          if (!within(box, r, c)) continue;
          if (applyTo === 'All' || applyTo === 'Contents') state.cells.delete(k);
          else if (applyTo === 'Formats') Object.assign(cell, { bold: false, numberFormat: undefined });
        }
      },
      conditionalFormats: conditionalFormats(state, box),
      getEntireRow: () => ({
        insert(direction: string) {
          if (book.refused(state)) return;
          const moved = new Map<string, Cell>();
          for (const [k, cell] of state.cells) {
            const [r, c] = place(k);
            moved.set(key(r >= box.rowIndex ? r + box.rowCount : r, c), cell);
          }
          state.cells = moved;
          // A table at or below the inserted rows moves down with its cells (one above them would grow).
          for (const table of state.tables) if (table.box.rowIndex >= box.rowIndex) table.box.rowIndex += box.rowCount;
          book.dump.inserts.push({ row: box.rowIndex, count: box.rowCount, direction });
        },
      }),
      // The whole columns (Excel's 1,048,576 rows); Range.columnHidden (ExcelApi 1.2) may only be set on them.
      getEntireColumn: () =>
        Object.defineProperty(range(state, { ...box, rowIndex: 0, rowCount: 1_048_576 }), 'columnHidden', {
          get: () => columnHidden(state, box),
          set(hidden: boolean) {
            for (let c = box.columnIndex; c < box.columnIndex + box.columnCount; c++) {
              if (hidden) state.hidden.add(c);
              else state.hidden.delete(c);
            }
          },
        }),
      // Range.getMergedAreasOrNullObject (ExcelApi 1.13): the merged areas whose top-left cell is in
      // this range (office-js issue 3611: an area that only reaches into it is not returned). Above 512
      // the request fails: the typings name no error code, so the code here is a guess the add-in must
      // not depend on.
      getMergedAreasOrNullObject: () => {
        const found = state.merged.filter((area) => within(box, area.rowIndex, area.columnIndex));
        if (found.length > book.limits.mergedAreas) {
          book.failure ??= book.error('GeneralException', 'There was an internal error while processing the request.');
          return {
            isNullObject: false,
            areaCount: 0,
            areas: { items: [], load: () => undefined },
            load: () => undefined,
          };
        }
        if (found.length === 0) return { isNullObject: true, load: () => undefined };
        const items = found.map((area) => range(state, area));
        const areas = { items, load: () => areas };
        const merged = { isNullObject: false, areaCount: items.length, areas, load: () => merged };
        return merged;
      },
      // The smallest range holding this range's filled cells, as the worksheet's own.
      getUsedRangeOrNullObject: () => {
        const used = grid.usedBox(new Map([...state.cells].filter(([k]) => within(box, ...place(k)))));
        return used ? range(state, used) : { isNullObject: true, load: () => undefined };
      },
      format: {
        font: {
          set bold(on: boolean) {
            if (book.refused(state)) return;
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
    Object.defineProperty(self, 'columnHidden', { get: () => columnHidden(state, box), configurable: true });
    // Range.valueTypes (Excel.RangeValueType): an error's text is Error, '' Empty.
    Object.defineProperty(self, 'valueTypes', {
      get: () =>
        read(state, box, (cell) => {
          const shown = formulas.shown(state, cell);
          if (typeof shown === 'string') return shown === '' ? 'Empty' : shown.startsWith('#') ? 'Error' : 'String';
          return typeof shown === 'number' ? 'Double' : typeof shown === 'boolean' ? 'Boolean' : 'Richvalue';
        }),
    });
    // Range.valuesAsJson (ExcelApi 1.16): each cell's value as an Excel.CellValue, a card as its entity.
    Object.defineProperty(self, 'valuesAsJson', {
      get: () => read(state, box, (cell) => formulas.asJson(state, cell)),
    });
    Object.defineProperty(self, 'values', {
      get: () => read(state, box, (cell) => formulas.shown(state, cell)),
      set: (data: unknown[][]) => write(state, box, data, false),
    });
    Object.defineProperty(self, 'formulas', {
      get: () => read(state, box, (cell) => (cell ? (cell.formula ?? cell.value) : '')),
      set: (data: unknown[][]) => write(state, box, data, true),
    });
    // A format on an empty cell is kept by Excel; here it waits on a placeholder until a value arrives.
    Object.defineProperty(self, 'numberFormat', {
      // Range.numberFormat (ExcelApi 1.1): each cell's format code, "General" where none was set.
      get: () => read(state, box, (cell) => cell?.numberFormat ?? 'General'),
      set: (data: string[][]) => {
        if (data.length !== box.rowCount || data.some((row) => row.length !== box.columnCount))
          throw new Error('The dimensions of the number formats do not match the range.');
        data.forEach((row, i) =>
          row.forEach((format, j) => {
            const k = key(box.rowIndex + i, box.columnIndex + j);
            const cell = state.cells.get(k);
            if (cell) cell.numberFormat = format;
            else book.pendingFormats.set(`${state.id}|${k}`, format);
          }),
        );
      },
    });
    return self;
  };
}

export type ShimRange = ReturnType<typeof shimRange>;
