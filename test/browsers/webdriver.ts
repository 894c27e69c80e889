/**
 * A small W3C WebDriver client over fetch, for the one engine no maintained Node client here can drive
 * offline on Node 20: WebKit, through WebKitGTK's WebKitWebDriver (or Safari's safaridriver). It
 * starts the driver on a free loopback port (under xvfb-run where Linux has no display: MiniBrowser is
 * a GTK window), opens one session and speaks only the commands the page driver needs.
 */
import { spawn, type ChildProcess } from 'child_process';
import { createServer, type AddressInfo } from 'net';

/** The W3C key under which an element reference travels. */
const ELEMENT = 'element-6066-11e4-a52e-4f735466cecf';

export interface ElementRef {
  [ELEMENT]: string;
}

interface Failure {
  error: string;
  message: string;
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** The driver process; under xvfb-run when Linux has no display (its own process group, ended whole). */
function startDriver(driverPath: string, port: number): ChildProcess {
  const args = ['-p', String(port)];
  const headless = process.platform === 'linux' && !process.env.DISPLAY && !process.env.WAYLAND_DISPLAY;
  const [command, argv] = headless ? ['xvfb-run', ['-a', driverPath, ...args]] : [driverPath, args];
  const child = spawn(command, argv, { stdio: ['ignore', 'ignore', 'pipe'], detached: true });
  child.stderr?.setEncoding('utf8');
  return child;
}

export class WebDriverSession {
  private constructor(
    private readonly base: string,
    private readonly driver: ChildProcess,
    private readonly driverLog: () => string,
  ) {}

  /** Starts the driver and a session in its browser (capabilities left to the driver's defaults). */
  static async start(driverPath: string, timeoutMs = 30_000): Promise<WebDriverSession> {
    const port = await freePort();
    const driver = startDriver(driverPath, port);
    let log = '';
    driver.stderr?.on('data', (chunk: string) => (log = (log + chunk).slice(-4000)));
    const exited = new Promise<never>((_, reject) =>
      driver.once('exit', (code) => reject(new Error(`${driverPath} exited (${code}) before it was ready: ${log}`))),
    );
    exited.catch(() => undefined);
    const root = `http://127.0.0.1:${port}`;
    try {
      await Promise.race([waitReady(root, timeoutMs), exited]);
      const created = await Promise.race([
        request<{ sessionId: string }>(root, 'POST', '/session', { capabilities: { alwaysMatch: {} } }),
        exited,
      ]);
      const session = new WebDriverSession(`${root}/session/${created.sessionId}`, driver, () => log);
      await session.send('POST', '/timeouts', { script: 60_000, pageLoad: 60_000 });
      return session;
    } catch (error) {
      await stopProcessGroup(driver);
      throw error;
    }
  }

  /** Sends one command of this session; a W3C error becomes an Error naming the command. */
  send<T>(method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown): Promise<T> {
    return request<T>(this.base, method, path, body).catch((error: Error) => {
      throw new Error(`${error.message}${this.driverLog() ? `\ndriver: ${this.driverLog()}` : ''}`, { cause: error });
    });
  }

  navigate(url: string): Promise<void> {
    return this.send('POST', '/url', { url });
  }

  /** Runs a function body in the page; a returned promise is awaited (as the W3C standard says). */
  execute<T>(body: string, args: unknown[] = []): Promise<T> {
    return this.send('POST', '/execute/sync', { script: body, args });
  }

  find(css: string): Promise<ElementRef> {
    return this.send('POST', '/element', { using: 'css selector', value: css });
  }

  async click(element: ElementRef): Promise<void> {
    await this.send('POST', `/element/${element[ELEMENT]}/click`, {});
  }

  async replaceText(element: ElementRef, text: string): Promise<void> {
    await this.send('POST', `/element/${element[ELEMENT]}/clear`, {});
    await this.send('POST', `/element/${element[ELEMENT]}/value`, { text });
  }

  async setWindowSize(width: number, height: number): Promise<void> {
    await this.send('POST', '/window/rect', { width, height });
  }

  /** Ends the session and the driver with its browser (and Xvfb). */
  async close(): Promise<void> {
    try {
      await this.send('DELETE', '');
    } finally {
      await stopProcessGroup(this.driver);
    }
  }
}

/** Ends the driver's process group (xvfb-run, Xvfb, the driver, its browser) and waits until it has exited. */
async function stopProcessGroup(child: ChildProcess): Promise<void> {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const signal = (name: NodeJS.Signals): void => {
    try {
      process.kill(-(child.pid as number), name);
    } catch {
      child.kill(name); // no process group (Windows): the driver itself
    }
  };
  signal('SIGTERM');
  const stubborn = setTimeout(() => signal('SIGKILL'), 5_000);
  await exited;
  clearTimeout(stubborn);
}

async function request<T>(root: string, method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(root + path, {
    method,
    headers: body === undefined ? undefined : { 'content-type': 'application/json; charset=utf-8' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const payload = (await response.json()) as { value: T | Failure };
  if (!response.ok) {
    const failure = payload.value as Failure;
    throw new Error(`WebDriver ${method} ${path}: ${failure.error}: ${failure.message}`);
  }
  return payload.value as T;
}

/** Polls the driver's status until it accepts sessions (it listens a moment after it starts). */
async function waitReady(root: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const ready = await request<{ ready: boolean }>(root, 'GET', '/status').then(
      (status) => status.ready,
      () => false,
    );
    if (ready) return;
    if (Date.now() > deadline) throw new Error(`The WebDriver at ${root} was not ready after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
