/**
 * The copy for others as another program opens it: its ZIP entries (each checked against its CRC-32
 * with Node's own zlib.crc32), the workbook's sheets in order, each sheet's cells read by ECMA-376's
 * cell types (inline string, number, boolean, error, formula with its saved value) and its pictures;
 * then the sheets calculated by HyperFormula, a spreadsheet engine that has Excel's functions and no
 * CLIMATE function: a CLIMATE formula left in the copy shows #NAME? there, as in an Excel without the
 * add-in (office-js#6395).
 */
import { crc32 } from 'node:zlib';
import { HyperFormula, type RawCellContent } from 'hyperformula';

export interface ReadCell {
  ref: string;
  row: number;
  column: number;
  /** The formula with its `=`, or null for a constant. */
  formula: string | null;
  /** The saved value (a formula's as saved, before any calculation). */
  value: string | number | boolean | null;
  /** The cell type attribute: 'inlineStr', 'str', 'b', 'e' or '' (a number). */
  type: string;
}

export interface ReadSheet {
  name: string;
  cells: ReadCell[];
  /** Top-left cells (0-based row, column) of the pictures anchored on the sheet. */
  pictures: Array<{ row: number; column: number; name: string }>;
}

export interface ReadBook {
  entries: Map<string, Buffer>;
  sheets: ReadSheet[];
}

/** The entries of a ZIP archive, read from its central directory; stored (method 0) entries only. */
export function unzip(bytes: Buffer): Map<string, Buffer> {
  const end = bytes.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (end < 0) throw new Error('no end of central directory');
  const count = bytes.readUInt16LE(end + 10);
  let at = bytes.readUInt32LE(end + 16);
  const entries = new Map<string, Buffer>();
  for (let i = 0; i < count; i++) {
    if (bytes.readUInt32LE(at) !== 0x02014b50) throw new Error('bad central directory entry');
    const method = bytes.readUInt16LE(at + 10);
    const crc = bytes.readUInt32LE(at + 16);
    const size = bytes.readUInt32LE(at + 20);
    const nameLength = bytes.readUInt16LE(at + 28);
    const extra = bytes.readUInt16LE(at + 30);
    const comment = bytes.readUInt16LE(at + 32);
    const local = bytes.readUInt32LE(at + 42);
    const name = bytes.subarray(at + 46, at + 46 + nameLength).toString('utf8');
    if (method !== 0) throw new Error(`${name}: method ${method}`);
    const dataAt = local + 30 + bytes.readUInt16LE(local + 26) + bytes.readUInt16LE(local + 28);
    const data = bytes.subarray(dataAt, dataAt + size);
    if (crc32(data) !== crc) throw new Error(`${name}: CRC-32 does not match`);
    entries.set(name, data);
    at += 46 + nameLength + extra + comment;
  }
  return entries;
}

const unescape = (text: string): string =>
  text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');

const attribute = (tag: string, name: string): string | null =>
  new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1] ?? null;

function place(ref: string): { row: number; column: number } {
  const [, letters, digits] = /^([A-Z]+)(\d+)$/.exec(ref)!;
  const column = [...letters].reduce((n, ch) => n * 26 + ch.charCodeAt(0) - 64, 0) - 1;
  return { row: Number(digits) - 1, column };
}

function readCells(xml: string): ReadCell[] {
  return [...xml.matchAll(/<c\s([^>]*?)(?:\/>|>([\s\S]*?)<\/c>)/g)].map(([, attributes, body = '']) => {
    const ref = attribute(` ${attributes}`, 'r')!;
    const type = attribute(` ${attributes}`, 't') ?? '';
    const formula = /<f>([\s\S]*?)<\/f>/.exec(body);
    const saved = /<v>([\s\S]*?)<\/v>/.exec(body)?.[1];
    const inline = /<t[^>]*>([\s\S]*?)<\/t>/.exec(body)?.[1];
    let value: ReadCell['value'] = null;
    if (type === 'inlineStr') value = unescape(inline ?? '');
    else if (saved !== undefined)
      value = type === 'b' ? saved === '1' : type === 'str' || type === 'e' ? unescape(saved) : Number(saved);
    return { ref, ...place(ref), formula: formula ? `=${unescape(formula[1])}` : null, value, type };
  });
}

/** Resolves a relationship target against the folder of the part that names it. */
const resolve = (from: string, target: string): string =>
  target.startsWith('/') ? target.slice(1) : new URL(target, `file:///${from}`).pathname.slice(1);

function relations(entries: Map<string, Buffer>, part: string): Map<string, string> {
  const slash = part.lastIndexOf('/');
  const rels = `${part.slice(0, slash + 1)}_rels/${part.slice(slash + 1)}.rels`;
  const xml = entries.get(rels)?.toString('utf8') ?? '';
  return new Map(
    [...xml.matchAll(/<Relationship\s[^>]*>/g)].map(([tag]) => [
      attribute(tag, 'Id')!,
      resolve(part, attribute(tag, 'Target')!),
    ]),
  );
}

/** The workbook in an .xlsx file's bytes. */
export function readXlsx(bytes: Buffer): ReadBook {
  const entries = unzip(bytes);
  const workbook = entries.get('xl/workbook.xml')!.toString('utf8');
  const workbookRels = relations(entries, 'xl/workbook.xml');
  const sheets = [...workbook.matchAll(/<sheet\s[^>]*>/g)].map(([tag]): ReadSheet => {
    const part = workbookRels.get(attribute(tag, 'r:id')!)!;
    const xml = entries.get(part)!.toString('utf8');
    const drawingId = /<drawing r:id="([^"]+)"/.exec(xml)?.[1];
    const drawing = drawingId ? relations(entries, part).get(drawingId) : undefined;
    const drawingXml = drawing ? entries.get(drawing)!.toString('utf8') : '';
    const pictures = [...drawingXml.matchAll(/<xdr:oneCellAnchor>([\s\S]*?)<\/xdr:oneCellAnchor>/g)].map(
      ([, anchor]) => ({
        column: Number(/<xdr:col>(\d+)<\/xdr:col>/.exec(anchor)![1]),
        row: Number(/<xdr:row>(\d+)<\/xdr:row>/.exec(anchor)![1]),
        name: unescape(attribute(/<xdr:cNvPr\s[^>]*>/.exec(anchor)![0], 'name') ?? ''),
      }),
    );
    return { name: unescape(attribute(tag, 'name')!), cells: readCells(xml), pictures };
  });
  return { entries, sheets };
}

/** What each cell shows once a spreadsheet without the add-in calculates the copy: by sheet, then `A1` ref. */
export function calculatedWithoutAddin(book: ReadBook): Map<string, Map<string, unknown>> {
  const data: Record<string, RawCellContent[][]> = {};
  for (const sheet of book.sheets) {
    const rows: RawCellContent[][] = [];
    for (const cell of sheet.cells) {
      rows[cell.row] ??= [];
      rows[cell.row][cell.column] = cell.formula ?? (cell.type === 'e' ? String(cell.value) : cell.value);
    }
    data[sheet.name] = Array.from(rows, (row) => Array.from(row ?? [], (cell) => cell ?? null));
  }
  const hf = HyperFormula.buildFromSheets(data, { licenseKey: 'gpl-v3' });
  const shown = new Map<string, Map<string, unknown>>();
  for (const sheet of book.sheets) {
    const id = hf.getSheetId(sheet.name)!;
    shown.set(
      sheet.name,
      new Map(
        sheet.cells.map((cell) => {
          const value = hf.getCellValue({ sheet: id, row: cell.row, col: cell.column });
          const plain = typeof value === 'object' && value !== null && 'value' in value ? value.value : value;
          return [cell.ref, plain];
        }),
      ),
    );
  }
  hf.destroy();
  return shown;
}
