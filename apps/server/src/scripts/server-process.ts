import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// The real server (src/main.ts) as a child process that a test can kill with SIGKILL and start
// again: `node --import tsx` in one process (the tsx command would spawn a second one that a
// SIGKILL of the first leaves running). Its output goes to a log file for when a run fails.

const serverDir = fileURLToPath(new URL('../../', import.meta.url));

/** A port nothing listens on now, on the loopback address. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export class ServerProcess {
  readonly base: URL;
  private child: ChildProcess | null = null;
  private exited: Promise<void> = Promise.resolve();
  private readonly log: fs.WriteStream;

  constructor(
    private readonly options: { port: number; env: Record<string, string>; logFile: string },
  ) {
    this.base = new URL(`http://127.0.0.1:${options.port}`);
    this.log = fs.createWriteStream(options.logFile, { flags: 'a' });
  }

  /** Starts the server and resolves once GET /api/health answers 200. */
  async start(timeoutMs = 120_000): Promise<void> {
    if (this.child) throw new Error('the server is already running');
    this.log.write(`\n--- start ${new Date().toISOString()} ---\n`);
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: serverDir,
      env: {
        ...process.env,
        ...this.options.env,
        // V8's code cache: each restart compiles the server's modules again otherwise.
        NODE_COMPILE_CACHE: path.join(os.tmpdir(), 'kopi-server-compile-cache'),
        PORT: String(this.options.port),
        HOST: '127.0.0.1',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    child.stdout.pipe(this.log, { end: false });
    child.stderr.pipe(this.log, { end: false });
    // A harness that exits (done, or failed) never leaves its server running.
    const killChild = () => child.kill('SIGKILL');
    process.once('exit', killChild);
    let exitCode: number | null | undefined;
    this.exited = new Promise((resolve) =>
      child.once('exit', (code, signal) => {
        process.off('exit', killChild);
        exitCode = code;
        this.log.write(`--- exit ${code ?? signal} ---\n`);
        if (this.child === child) this.child = null;
        resolve();
      }),
    );
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if (exitCode !== undefined) {
        throw new Error(
          `the server exited with ${exitCode} while starting (${this.options.logFile})`,
        );
      }
      try {
        const res = await fetch(new URL('/api/health', this.base));
        await res.arrayBuffer();
        if (res.status === 200) return;
      } catch {
        // Not listening yet.
      }
      await sleep(50);
    }
    throw new Error(`the server did not answer /api/health in ${timeoutMs} ms`);
  }

  /** SIGKILL: no shutdown hook runs, open transactions are cut off mid-way. */
  async kill(): Promise<void> {
    this.child?.kill('SIGKILL');
    await this.exited;
  }

  /** SIGTERM: the ordinary shutdown (requests finish, the database closes). */
  async stop(): Promise<void> {
    this.child?.kill('SIGTERM');
    await this.exited;
  }

  close() {
    this.log.end();
  }
}
