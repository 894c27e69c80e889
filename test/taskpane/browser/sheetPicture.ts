/**
 * A picture of the shim's sheet for the docs (docs/attribution.md): the cells drawn as a grid with
 * Excel's row and column headers, and each image the pane placed drawn where it floats.
 */
import type { BrowserContext } from 'playwright-core';
import type { WorkbookDump } from './excelShim';

export interface SheetPicture {
  /** What each cell of `book.cells` shows, in the same order (the shim itself does not calculate). */
  texts: string[];
  /** The image drawn for every shape. */
  logoUrl: string;
  /** Where the screenshot goes. */
  path: string;
}

export async function drawSheet(context: BrowserContext, book: WorkbookDump, picture: SheetPicture): Promise<void> {
  const grid = await context.newPage();
  await grid.setViewportSize({ width: 660, height: 160 });
  await grid.setContent('<!doctype html><html><body></body></html>');
  const { texts, logoUrl: logo } = picture;
  await grid.evaluate(
    ({ book, logo, texts }) => {
      const rows = Math.max(...book.cells.map((cell) => cell.row)) + 2;
      const columns = Math.max(...book.cells.map((cell) => cell.column)) + 1;
      const letter = (c: number) => String.fromCharCode(65 + c);
      document.body.style.cssText = 'margin:0;font:11px Segoe UI,Arial,sans-serif;position:relative';
      const table = document.createElement('table');
      table.style.cssText = 'border-collapse:collapse;table-layout:fixed';
      const head = table.insertRow();
      for (let c = -1; c < columns; c++) {
        const th = document.createElement('th');
        th.textContent = c < 0 ? '' : letter(c);
        th.style.cssText = `background:#f3f3f3;border:1px solid #d4d4d4;height:20px;width:${c < 0 ? 28 : c === 0 ? 170 : 90}px`;
        head.append(th);
      }
      for (let r = 0; r < rows; r++) {
        const tr = table.insertRow();
        for (let c = -1; c < columns; c++) {
          const td = tr.insertCell();
          td.style.cssText = 'border:1px solid #e1e1e1;height:20px;padding:0 3px;white-space:nowrap;overflow:hidden';
          if (c < 0) {
            td.textContent = String(r + 1);
            td.style.background = '#f3f3f3';
            continue;
          }
          const index = book.cells.findIndex((x) => x.row === r && x.column === c);
          const cell = book.cells[index];
          td.textContent = cell ? texts[index] : '';
          if (cell?.bold) td.style.fontWeight = 'bold';
          if (typeof cell?.value === 'number' || cell?.formula?.startsWith('=CLIMATE')) td.style.textAlign = 'right';
          if (cell?.formula?.startsWith('=HYPERLINK')) td.style.cssText += ';color:#0563c1;text-decoration:underline';
        }
      }
      document.body.append(table);
      for (const shape of book.shapes) {
        // The shim places shapes on 64 x 20 point cells; here the same cell, drawn wider.
        const column = Math.round((shape.left - 1) / 64);
        const row = Math.round((shape.top - 1) / 20);
        const cell = table.rows[row + 1].cells[column + 1];
        const img = document.createElement('img');
        img.src = logo;
        img.alt = shape.altTextDescription;
        img.style.cssText = `position:absolute;height:${shape.height}px;left:${cell.offsetLeft + 2}px;top:${cell.offsetTop + 2}px`;
        document.body.append(img);
      }
    },
    { book, logo, texts },
  );
  await grid.waitForFunction(() => [...document.images].every((img) => img.complete && img.naturalWidth > 0));
  await grid.screenshot({ path: picture.path, fullPage: true });
  await grid.close();
}
