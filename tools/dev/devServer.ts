// The https dev server on localhost:3000: webpack (development mode) compiling the add-in and
// serving the result from memory (the same files `npm run build:dev` writes to dist/, the help page
// help/functions.html among them), with CORS for Office's origins only.
import type { RequestListener } from 'http';
import { createServer, type Server, type ServerOptions } from 'https';
import type { AddressInfo } from 'net';
import webpack from 'webpack';
import WebpackDevServer from 'webpack-dev-server';
import type { DevCertificates } from './certs';

type ConfigFactory = (
  env: Record<string, string>,
  argv: { mode: 'development' | 'production' },
) => webpack.Configuration;
// The config is plain JavaScript shared with the webpack CLI.
const configFactory: ConfigFactory = require('../../webpack.config.js');
const { isOfficeOrigin } = require('../../build/contentSecurity.js') as { isOfficeOrigin: (origin: string) => boolean };

/**
 * CORS for the bundles and source maps: Office's own origins (office.js and the ribbon fetch with
 * CORS from there) get their origin back; any other page gets nothing, so it cannot read the sources.
 */
function corsHeaders(request: { headers: Record<string, string | string[] | undefined> }): Record<string, string> {
  const origin = request.headers.origin;
  const allowed = typeof origin === 'string' && isOfficeOrigin(origin);
  return allowed ? { 'Access-Control-Allow-Origin': origin, Vary: 'Origin' } : { Vary: 'Origin' };
}

export const DEV_SERVER_PORT = 3000;

export interface RunningDevServer {
  url: string; // https://localhost:3000 (no trailing slash; the port actually bound when given 0)
  /** Resolves after the first compilation with its errors (empty when it succeeded). */
  firstBuild: Promise<{ errors: string[]; durationMs: number }>;
  close(): Promise<void>;
}

/** `port` 0 binds a free port (tests); the default is the port the manifest names. */
export async function startDevServer(options: {
  certificates: DevCertificates;
  port?: number;
}): Promise<RunningDevServer> {
  const port = options.port ?? DEV_SERVER_PORT;
  const config = { ...configFactory({}, { mode: 'development' }), infrastructureLogging: { level: 'warn' as const } };
  const compiler = webpack(config);
  const firstBuild = new Promise<{ errors: string[]; durationMs: number }>((resolve) => {
    compiler.hooks.done.tap('climate-first-build', (stats) => {
      const { errors = [], time = 0 } = stats.toJson({ all: false, errors: true, timings: true });
      resolve({ errors: errors.map((error) => error.message), durationMs: time });
    });
  });
  const { cert, key, ca } = options.certificates;
  let failedToListen: (error: Error) => void = () => undefined;
  const listenFailure = new Promise<never>((_resolve, reject) => (failedToListen = reject));
  const server = new WebpackDevServer(
    {
      host: 'localhost',
      port,
      server: {
        type: (serverOptions: ServerOptions, app) => reportingListen(serverOptions, app, failedToListen),
        options: { cert, key, ca },
      },
      headers: corsHeaders,
      static: false,
      hot: false,
      liveReload: true,
      client: { overlay: { errors: true, warnings: false }, logging: 'warn' },
      devMiddleware: { stats: 'errors-warnings' },
    },
    compiler,
  );
  try {
    await Promise.race([server.start(), listenFailure]);
  } catch (error) {
    // The compiler's watch would keep the process alive. Stopping waits for the build under way (many
    // seconds); the caller need not wait to say what went wrong.
    void server.stop().catch(() => undefined);
    throw error;
  }
  const bound = (server.server?.address() as AddressInfo | null)?.port ?? port;
  return { url: `https://localhost:${bound}`, firstBuild, close: () => server.stop() };
}

/**
 * The https server, whose failure to listen (a port taken) rejects `start` through `failed`.
 * webpack-dev-server's own 'error' handler rethrows from the event, out of reach of any caller: npm
 * start would die with a stack trace instead of saying which ports it needs. It is replaced for the
 * listen call by one that hands the error on; later errors find no handler and are thrown as before.
 */
function reportingListen(options: ServerOptions, app: RequestListener, failed: (error: Error) => void): Server {
  const server = createServer(options, app);
  const listen = server.listen.bind(server) as (...args: unknown[]) => Server;
  server.listen = ((...args: unknown[]) => {
    server.removeAllListeners('error');
    server.once('error', failed);
    server.once('listening', () => server.off('error', failed));
    return listen(...args);
  }) as Server['listen'];
  return server;
}
