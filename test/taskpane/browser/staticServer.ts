/**
 * Serves a folder (the built dist/) over http on loopback, on a free port, as the add-in host would;
 * `extra` may answer a path first (a test's own files beside the folder's).
 */
import { createServer, type Server } from 'http';
import { readFile } from 'fs/promises';
import { extname, join, normalize } from 'path';
import type { AddressInfo } from 'net';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.json': 'application/json',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
  '.xml': 'application/xml',
};

export interface StaticServer {
  url: string;
  close(): Promise<void>;
}

/** A response a test serves in place of (or beside) the folder's files. */
export interface Served {
  type: string;
  body: string | Buffer;
}

export async function serveFolder(
  root: string,
  extra: (path: string) => Promise<Served | undefined> | Served | undefined = () => undefined,
): Promise<StaticServer> {
  const server: Server = createServer((request, response) => {
    const path = normalize(decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname)).replace(
      /^([/\\])+/,
      '',
    );
    if (path.startsWith('..')) {
      response.writeHead(403).end();
      return;
    }
    Promise.resolve()
      .then(() => extra(path))
      .then(async (served) => served ?? { type: TYPES[extname(path)], body: await readFile(join(root, path)) })
      .then(
        ({ type, body }) => response.writeHead(200, { 'content-type': type ?? 'application/octet-stream' }).end(body),
        () => response.writeHead(404).end(),
      );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
