/**
 * A ZIP archive of stored (uncompressed) files, the container of an .xlsx file (ECMA-376 Part 2, Open
 * Packaging Conventions, which takes ZIP's "stored" method): the copy for others is a few hundred
 * kilobytes of XML at most, so no deflate code ships for it. Names are UTF-8 (general-purpose flag
 * bit 11 of PKWARE's APPNOTE); every file is dated 1980-01-01, ZIP's earliest date, so that the same
 * copy gives the same bytes.
 */

/** One file of the archive: its path inside it and its bytes. */
export interface ArchiveFile {
  path: string;
  bytes: Uint8Array;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

/** CRC-32 (IEEE 802.3), the checksum ZIP keeps of each file. */
function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = CRC_TABLE[(crc ^ byte) & 0xff] ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

/** Little-endian fields, as ZIP writes them: [value, bytes] pairs. */
function fields(values: Array<[number, 2 | 4]>): Uint8Array {
  const out = new Uint8Array(values.reduce((n, [, size]) => n + size, 0));
  const view = new DataView(out.buffer);
  let at = 0;
  for (const [value, size] of values) {
    if (size === 2) view.setUint16(at, value, true);
    else view.setUint32(at, value >>> 0, true);
    at += size;
  }
  return out;
}

const UTF8_NAMES = 0x0800;
/** 1980-01-01 00:00 in MS-DOS date and time. */
const DOS_DATE = (0 << 9) | (1 << 5) | 1;

/** The archive's bytes: each file's local header and bytes, then the central directory. */
export function zipArchive(files: readonly ArchiveFile[]): Uint8Array {
  const encoder = new TextEncoder();
  const parts: Uint8Array[] = [];
  const directory: Uint8Array[] = [];
  let offset = 0;
  for (const file of files) {
    const name = encoder.encode(file.path);
    const crc = crc32(file.bytes);
    const size = file.bytes.length;
    // version 2.0, flags, method 0 (stored), time, date, crc, sizes, name length, extra length
    const common: Array<[number, 2 | 4]> = [
      [20, 2],
      [UTF8_NAMES, 2],
      [0, 2],
      [0, 2],
      [DOS_DATE, 2],
      [crc, 4],
      [size, 4],
      [size, 4],
      [name.length, 2],
      [0, 2],
    ];
    const local = fields([[0x04034b50, 4], ...common]);
    parts.push(local, name, file.bytes);
    // made by 2.0, then the local fields, comment length, disk, internal and external attributes, offset
    const central = fields([[0x02014b50, 4], [20, 2], ...common, [0, 2], [0, 2], [0, 2], [0, 4], [offset, 4]]);
    directory.push(central, name);
    offset += local.length + name.length + size;
  }
  const directorySize = directory.reduce((n, part) => n + part.length, 0);
  const end = fields([
    [0x06054b50, 4],
    [0, 2],
    [0, 2],
    [files.length, 2],
    [files.length, 2],
    [directorySize, 4],
    [offset, 4],
    [0, 2],
  ]);
  const all = [...parts, ...directory, end];
  const out = new Uint8Array(all.reduce((n, part) => n + part.length, 0));
  let at = 0;
  for (const part of all) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}
