/**
 * The shim's Excel.Worksheet: ranges by index or address, the used range, tables, charts and images, each
 * recorded in the book's dump, and its protection.
 */
import * as grid from './grid';
import type { ShimRange } from './range';
import type { Book, Chart, ChartSeries, ShimSheet, Sheet } from './types';

export function shimWorksheet(book: Book, range: ShimRange) {
  // Excel's own limits (the grid) and the chart types the add-in may ask for.
  const ROWS = 1_048_576,
    COLUMNS = 16_384;
  const CHART_TYPES = ['ColumnClustered', 'ColumnStacked', 'BarClustered', 'BarStacked', 'Line', 'Pie', 'XYScatter'];

  /** A1 text (`P27:Q29`, `$B$2`) to a box. */
  const boxOf = (address: string) => {
    const [from, to = from] = address
      .replace(/\$/g, '')
      .split(':')
      .map((part) => /^([A-Z]+)(\d+)$/i.exec(part)!);
    const rowIndex = Number(from[2]) - 1,
      columnIndex = grid.letters(from[1]);
    return {
      rowIndex,
      columnIndex,
      rowCount: Number(to[2]) - rowIndex,
      columnCount: grid.letters(to[1]) - columnIndex + 1,
    };
  };
  /** A range's address on its sheet, without the sheet (`'Climate summary'!P27:Q29` -> `P27:Q29`). */
  const local = (range: { address?: unknown }): string => String(range.address).split('!').pop()!;

  /**
   * sheet.charts: ChartCollection.add(type, sourceData, seriesBy) (ExcelApi 1.1), an Excel.ChartType
   * and a Range. The chart's series come from the source as Excel's Insert Chart makes them (Microsoft
   * support, "Change the data series in a chart"): by columns, one series per column after the first,
   * named by its first cell when the first row holds text, over the first column's cells as categories
   * when they hold text. Chart.series (ExcelApi 1.1) lists them; ChartSeriesCollection.add(name),
   * ChartSeries.setValues / setXAxisValues and ChartLineFormat.lineStyle are ExcelApi 1.7 (the typings):
   * on a host reporting less, the request fails with ApiNotFound, as "Error handling with the
   * application-specific JavaScript APIs" lists it.
   */
  const charts = (state: Sheet) => {
    const items: Array<Record<string, unknown>> = [];
    // A collection's `items` is what the last load() read: deleting an item does not change it.
    let loaded: Array<Record<string, unknown>> = [];
    const text = (row: number, column: number): boolean =>
      typeof state.cells.get(grid.key(row, column))?.value === 'string';
    const seriesFrom = (source: string, seriesBy: string): ChartSeries[] => {
      const box = boxOf(source);
      const byRows = seriesBy === 'Rows';
      const [lines, along] = byRows ? [box.rowCount, box.columnCount] : [box.columnCount, box.rowCount];
      const at = (line: number, k: number): [number, number] =>
        byRows ? [box.rowIndex + line, box.columnIndex + k] : [box.rowIndex + k, box.columnIndex + line];
      const named = Array.from({ length: lines - 1 }, (_, i) => text(...at(i + 1, 0))).every(Boolean);
      const labelled = along > 1 && Array.from({ length: along - 1 }, (_, k) => text(...at(0, k + 1))).every(Boolean);
      const span = (line: number): string =>
        grid.a1(
          byRows
            ? { rowIndex: box.rowIndex + line, columnIndex: box.columnIndex + 1, rowCount: 1, columnCount: along - 1 }
            : {
                rowIndex: box.rowIndex + (named ? 1 : 0),
                columnIndex: box.columnIndex + line,
                rowCount: along - (named ? 1 : 0),
                columnCount: 1,
              },
        );
      return Array.from({ length: labelled ? lines - 1 : lines }, (_, i) => {
        const line = labelled ? i + 1 : i;
        const [r, c] = at(line, 0);
        return {
          name: named ? String(state.cells.get(grid.key(r, c))?.value) : `Series${i + 1}`,
          values: span(line),
          categories: labelled ? span(0) : null,
          points: along - (named ? 1 : 0),
          lineStyle: 'Automatic',
        };
      });
    };
    return {
      get items() {
        return loaded;
      },
      load: () => void (loaded = [...items]),
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
          series: seriesFrom(local(source), seriesBy),
        };
        state.charts.push(entry);
        /** Series API of ExcelApi 1.7: recorded where the host has it, a failed request where not. */
        const newer = (): boolean => {
          if (book.supports('ExcelApi', '1.7')) return true;
          book.failure ??= book.error('ApiNotFound', 'The API you are trying to use could not be found.');
          return false;
        };
        const seriesItem = (series: ChartSeries) => ({
          setValues: (range: { address?: unknown }) => {
            if (!newer()) return;
            series.values = local(range);
            series.points = boxOf(series.values).rowCount * boxOf(series.values).columnCount;
          },
          setXAxisValues: (range: { address?: unknown }) => void (newer() && (series.categories = local(range))),
          format: {
            line: {
              set lineStyle(style: string) {
                if (newer()) series.lineStyle = style;
              },
            },
          },
        });
        const chart: Record<string, unknown> = {
          title: {
            set text(text: string) {
              entry.title = text;
            },
          },
          series: {
            add: (name?: string) => {
              const series: ChartSeries = {
                name: name ?? '',
                values: '',
                categories: null,
                points: 0,
                lineStyle: 'Automatic',
              };
              if (newer()) entry.series.push(series);
              return seriesItem(series);
            },
            getItemAt: (index: number) => seriesItem(entry.series[index]),
          },
          setPosition: (start: { address?: string } | string) =>
            void (entry.position = typeof start === 'string' ? start : String(start.address).split('!')[1]),
          delete: () => {
            state.charts.splice(state.charts.indexOf(entry), 1);
            items.splice(items.indexOf(chart), 1);
          },
        };
        Object.defineProperty(chart, 'name', {
          get: () => entry.name,
          set: (name: string) => void (entry.name = name),
        });
        items.push(chart);
        return chart;
      },
    };
  };

  /** sheet.shapes: the images on the sheet, those it came with and those the add-in adds. */
  const shapes = (state: Sheet, images: NonNullable<ShimSheet['images']>) => {
    const items: Array<Record<string, unknown>> = images.map((image) => ({ ...image }));
    let loaded: Array<Record<string, unknown>> = [];
    state.shapes = () => items;
    return {
      get items() {
        return loaded;
      },
      load: () => void (loaded = [...items]),
      addImage(base64: string) {
        const refused = book.refused(state);
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
        if (!refused) book.dump.shapes.push(shape);
        const item = Object.assign(shape, {
          delete: () => {
            book.dump.shapes.splice(book.dump.shapes.indexOf(shape), 1);
            items.splice(items.indexOf(item), 1);
          },
        });
        if (!refused) items.push(item);
        return item;
      },
    };
  };

  /**
   * sheet.tables (ExcelApi 1.1): the sheet's tables; `items` is what the last load() read. A table's
   * name, showHeaders and showTotals (ExcelApi 1.1), its ranges: getRange() the whole table, header and
   * total rows included; getDataBodyRange() the rows between them; and its columns (TableColumn.name,
   * ExcelApi 1.1): the header row's texts, or Excel's Column1, Column2… for a table without headers.
   */
  const tables = (state: Sheet) => {
    const table = (entry: Sheet['tables'][number]) => {
      const columnNames = () =>
        Array.from({ length: entry.box.columnCount }, (_, i) => {
          const header = state.cells.get(grid.key(entry.box.rowIndex, entry.box.columnIndex + i))?.value;
          return entry.showHeaders === false || header === undefined || header === null
            ? `Column${i + 1}`
            : String(header);
        });
      const columns = {
        items: [] as Array<{ name: string }>,
        load: () => {
          columns.items = columnNames().map((name) => ({ name }));
          return columns;
        },
      };
      const self: Record<string, unknown> = {
        load: () => self,
        columns,
        getRange: () => range(state, { ...entry.box }),
        getDataBodyRange: () => {
          const top = entry.box.rowIndex + (entry.showHeaders === false ? 0 : 1);
          const bottom = entry.box.rowIndex + entry.box.rowCount - (entry.showTotals ? 1 : 0);
          return range(state, { ...entry.box, rowIndex: top, rowCount: bottom - top });
        },
      };
      Object.defineProperty(self, 'name', { get: () => entry.name });
      Object.defineProperty(self, 'showHeaders', { get: () => entry.showHeaders !== false });
      Object.defineProperty(self, 'showTotals', { get: () => entry.showTotals === true });
      return self;
    };
    const collection = {
      items: [] as Array<Record<string, unknown>>,
      load: () => {
        collection.items = state.tables.map(table);
        return collection;
      },
    };
    return collection;
  };

  return function makeWorksheet(state: Sheet, images: NonNullable<ShimSheet['images']>): Record<string, unknown> {
    const worksheet: Record<string, unknown> = {
      isNullObject: false,
      load: () => worksheet,
      activate: () => void (book.active = state.name),
      getRangeByIndexes: (rowIndex: number, columnIndex: number, rowCount: number, columnCount: number) =>
        range(state, { rowIndex, columnIndex, rowCount, columnCount }),
      // No address: the whole sheet (Worksheet.getRange()).
      getRange: (address?: string) => {
        if (address === undefined)
          return range(state, { rowIndex: 0, columnIndex: 0, rowCount: ROWS, columnCount: COLUMNS });
        return range(state, boxOf(address));
      },
      getUsedRangeOrNullObject: () => {
        const used = grid.usedBox(state.cells);
        return used ? range(state, used) : { isNullObject: true, load: () => undefined };
      },
      // Worksheet.protection (ExcelApi 1.2): Review > Protect Sheet.
      protection: {
        load() {
          return this;
        },
        get protected() {
          return state.protected;
        },
      },
      charts: charts(state),
      tables: tables(state),
      shapes: shapes(state, images),
    };
    Object.defineProperty(worksheet, 'name', { get: () => state.name });
    Object.defineProperty(worksheet, 'id', { get: () => state.id });
    return worksheet;
  };
}

export type ShimWorksheet = ReturnType<typeof shimWorksheet>;
