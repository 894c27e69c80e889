/**
 * The copy for others as an .xlsx file (SpreadsheetML, ECMA-376 Part 1), written part by part from the
 * plan, so the file holds exactly what the plan says and nothing else of the workbook: no custom XML
 * part, no add-in (web extension) part and so no document settings, no defined name, no custom
 * function. Cells are inline strings, numbers, booleans, errors and formulas with the value they
 * showed (Excel shows that value until it calculates; `fullCalcOnLoad` asks it to calculate on open,
 * so a kept SUM reads the copied values); the provider's logo is a picture anchored at its cell.
 */
import { PROVIDER } from '../../provider';
import { cellA1 } from '../sheet/a1';
import type { CopyCell, CopyPlan, CopySheet } from './copyPlan';
import { zipArchive, type ArchiveFile } from './zipArchive';

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const RELATIONSHIPS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PACKAGE_RELATIONSHIPS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const TYPE = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const CONTENT = 'application/vnd.openxmlformats-officedocument';

/** The logo's side in EMU (914,400 a inch, 12,700 a point): 14 points, inside a default 15-point row. */
const LOGO_EMU = 14 * 12_700;
/** A point in from the cell's corner, as the pane places it (sheet/sourceLine.ts). */
const LOGO_OFFSET_EMU = 12_700;

/** Text as XML character data: markup escaped, characters XML 1.0 cannot hold dropped. */
function xmlText(text: string): string {
  return text
    .replace(/[^\t\n\r\u0020-\ud7ff\ue000-\ufffd\u{10000}-\u{10ffff}]/gu, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

/** The cell's XML element, with its format. Formulas are saved without their `=`, with the value they showed. */
function cellXml(cell: CopyCell, styles: CellStyles): string {
  const style = styles.of(cell);
  const at = `r="${cellA1(cell.row, cell.column)}"${style ? ` s="${style}"` : ''}`;
  if ('error' in cell) return `<c ${at} t="e"><v>${xmlText(cell.error)}</v></c>`;
  if ('formula' in cell) {
    const f = `<f>${xmlText(cell.formula.slice(1))}</f>`;
    const shown = cell.shown;
    if (typeof shown === 'number') return `<c ${at}>${f}<v>${shown}</v></c>`;
    if (typeof shown === 'boolean') return `<c ${at} t="b">${f}<v>${shown ? 1 : 0}</v></c>`;
    if (typeof shown === 'object') return `<c ${at} t="e">${f}<v>${xmlText(shown.error)}</v></c>`;
    return `<c ${at} t="str">${f}<v>${xmlText(shown)}</v></c>`;
  }
  const { value } = cell;
  if (typeof value === 'number') return Number.isFinite(value) ? `<c ${at}><v>${value}</v></c>` : '';
  if (typeof value === 'boolean') return `<c ${at} t="b"><v>${value ? 1 : 0}</v></c>`;
  return `<c ${at} t="inlineStr"><is><t xml:space="preserve">${xmlText(value)}</t></is></c>`;
}

const isLink = (cell: CopyCell): boolean => 'formula' in cell && /^=\s*HYPERLINK\(/i.test(cell.formula);

/**
 * The copy's cell formats: Excel's default, and for each number format code the sheets use (a date, a
 * currency) and for links (blue, underlined: Excel's Hyperlink look) one more, numbered as cellXfs
 * lists them. Codes get ids from 164, the first a file may define (below are Excel's built-in ones).
 */
class CellStyles {
  private readonly codes: string[] = [];
  private readonly formats: Array<{ code: number; link: boolean }> = [{ code: 0, link: false }];

  /** The `s` of a cell: 0 for the default. */
  of(cell: CopyCell): number {
    const link = isLink(cell);
    let code = 0;
    if (cell.format !== undefined) {
      let at = this.codes.indexOf(cell.format);
      if (at < 0) at = this.codes.push(cell.format) - 1;
      code = 164 + at;
    }
    let index = this.formats.findIndex((format) => format.code === code && format.link === link);
    if (index < 0) index = this.formats.push({ code, link }) - 1;
    return index;
  }

  xml(): string {
    const numFmts = this.codes.map((code, i) => `<numFmt numFmtId="${164 + i}" formatCode="${xmlText(code)}"/>`);
    const xfs = this.formats.map(
      ({ code, link }) =>
        `<xf numFmtId="${code}" fontId="${link ? 1 : 0}" fillId="0" borderId="0" xfId="0"` +
        `${code ? ' applyNumberFormat="1"' : ''}${link ? ' applyFont="1"' : ''}/>`,
    );
    return (
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<styleSheet xmlns="${MAIN}">` +
      (numFmts.length > 0 ? `<numFmts count="${numFmts.length}">${numFmts.join('')}</numFmts>` : '') +
      '<fonts count="2"><font><sz val="11"/><name val="Calibri"/><family val="2"/></font>' +
      '<font><u/><sz val="11"/><color rgb="FF0563C1"/><name val="Calibri"/><family val="2"/></font></fonts>' +
      '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>' +
      '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
      '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
      `<cellXfs count="${xfs.length}">${xfs.join('')}</cellXfs>` +
      '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>'
    );
  }
}

function sheetXml(sheet: CopySheet, drawing: boolean, styles: CellStyles): string {
  const rows = new Map<number, CopyCell[]>();
  for (const cell of sheet.cells) rows.set(cell.row, [...(rows.get(cell.row) ?? []), cell]);
  const rowsXml = [...rows.entries()]
    .sort(([a], [b]) => a - b)
    .map(([row, cells]) => {
      const inOrder = [...cells].sort((a, b) => a.column - b.column).map((cell) => cellXml(cell, styles));
      return `<row r="${row + 1}">${inOrder.join('')}</row>`;
    });
  return (
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<worksheet xmlns="${MAIN}" xmlns:r="${RELATIONSHIPS}">` +
    `<sheetData>${rowsXml.join('')}</sheetData>${drawing ? '<drawing r:id="rId1"/>' : ''}</worksheet>`
  );
}

function drawingXml(sheet: CopySheet): string {
  const pictures = sheet.logos.map(
    ({ row, column }, i) =>
      `<xdr:oneCellAnchor><xdr:from><xdr:col>${column}</xdr:col><xdr:colOff>${LOGO_OFFSET_EMU}</xdr:colOff>` +
      `<xdr:row>${row}</xdr:row><xdr:rowOff>${LOGO_OFFSET_EMU}</xdr:rowOff></xdr:from>` +
      `<xdr:ext cx="${LOGO_EMU}" cy="${LOGO_EMU}"/><xdr:pic><xdr:nvPicPr>` +
      `<xdr:cNvPr id="${i + 2}" name="${xmlText(`${PROVIDER.name} logo`)}" descr="${xmlText(`${PROVIDER.sourceLine} (logo)`)}"/>` +
      '<xdr:cNvPicPr><a:picLocks noChangeAspect="1"/></xdr:cNvPicPr></xdr:nvPicPr>' +
      '<xdr:blipFill><a:blip r:embed="rId1"/><a:stretch><a:fillRect/></a:stretch></xdr:blipFill>' +
      `<xdr:spPr><a:xfrm><a:off x="0" y="0"/><a:ext cx="${LOGO_EMU}" cy="${LOGO_EMU}"/></a:xfrm>` +
      '<a:prstGeom prst="rect"><a:avLst/></a:prstGeom></xdr:spPr></xdr:pic><xdr:clientData/></xdr:oneCellAnchor>',
  );
  return (
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' +
    '<xdr:wsDr xmlns:xdr="http://schemas.openxmlformats.org/drawingml/2006/spreadsheetDrawing" ' +
    `xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" xmlns:r="${RELATIONSHIPS}">${pictures.join('')}</xdr:wsDr>`
  );
}

const relationships = (items: ReadonlyArray<[id: string, type: string, target: string]>): string =>
  `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="${PACKAGE_RELATIONSHIPS}">` +
  items.map(([id, type, target]) => `<Relationship Id="${id}" Type="${type}" Target="${target}"/>`).join('') +
  '</Relationships>';

/** The .xlsx file of the plan; the logo (PNG bytes) is drawn where the plan puts it, when there is one. */
export function xlsxFile(plan: CopyPlan, logoPng: Uint8Array | null): Uint8Array {
  const encode = (text: string) => new TextEncoder().encode(text);
  const files: ArchiveFile[] = [];
  const overrides: string[] = [];
  const sheetEntries: string[] = [];
  const workbookRelations: Array<[string, string, string]> = [];
  const styles = new CellStyles();
  let drawings = 0;
  plan.sheets.forEach((sheet, i) => {
    const n = i + 1;
    const drawing = logoPng !== null && sheet.logos.length > 0;
    files.push({ path: `xl/worksheets/sheet${n}.xml`, bytes: encode(sheetXml(sheet, drawing, styles)) });
    overrides.push(
      `<Override PartName="/xl/worksheets/sheet${n}.xml" ContentType="${CONTENT}.spreadsheetml.worksheet+xml"/>`,
    );
    sheetEntries.push(`<sheet name="${xmlText(sheet.name)}" sheetId="${n}" r:id="rId${n}"/>`);
    workbookRelations.push([`rId${n}`, `${TYPE}/worksheet`, `worksheets/sheet${n}.xml`]);
    if (!drawing) return;
    drawings++;
    files.push(
      { path: `xl/drawings/drawing${drawings}.xml`, bytes: encode(drawingXml(sheet)) },
      {
        path: `xl/drawings/_rels/drawing${drawings}.xml.rels`,
        bytes: encode(relationships([['rId1', `${TYPE}/image`, '../media/logo.png']])),
      },
      {
        path: `xl/worksheets/_rels/sheet${n}.xml.rels`,
        bytes: encode(relationships([['rId1', `${TYPE}/drawing`, `../drawings/drawing${drawings}.xml`]])),
      },
    );
    overrides.push(`<Override PartName="/xl/drawings/drawing${drawings}.xml" ContentType="${CONTENT}.drawing+xml"/>`);
  });
  workbookRelations.push([`rId${plan.sheets.length + 1}`, `${TYPE}/styles`, 'styles.xml']);
  const contentTypes =
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
    '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
    '<Default Extension="xml" ContentType="application/xml"/><Default Extension="png" ContentType="image/png"/>' +
    `<Override PartName="/xl/workbook.xml" ContentType="${CONTENT}.spreadsheetml.sheet.main+xml"/>` +
    `<Override PartName="/xl/styles.xml" ContentType="${CONTENT}.spreadsheetml.styles+xml"/>${overrides.join('')}</Types>`;
  const workbook =
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<workbook xmlns="${MAIN}" xmlns:r="${RELATIONSHIPS}">` +
    `<sheets>${sheetEntries.join('')}</sheets><calcPr calcId="0" fullCalcOnLoad="1"/></workbook>`;
  return zipArchive([
    { path: '[Content_Types].xml', bytes: encode(contentTypes) },
    { path: '_rels/.rels', bytes: encode(relationships([['rId1', `${TYPE}/officeDocument`, 'xl/workbook.xml']])) },
    { path: 'xl/workbook.xml', bytes: encode(workbook) },
    { path: 'xl/_rels/workbook.xml.rels', bytes: encode(relationships(workbookRelations)) },
    { path: 'xl/styles.xml', bytes: encode(styles.xml()) },
    ...files,
    ...(drawings > 0 && logoPng ? [{ path: 'xl/media/logo.png', bytes: logoPng }] : []),
  ]);
}
