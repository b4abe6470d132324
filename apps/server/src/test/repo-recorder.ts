import fs from 'node:fs';
import path from 'node:path';

// Records every call of every repository function (modules/**/*.repo.ts) without a hook in the
// production code: the tenant-isolation test swaps each repository module for a copy whose
// exported functions are these recording wrappers (vi.doMock before the app is imported).

const modulesDir = path.resolve(__dirname, '../modules');

/** A repository module: its file and the name the test reports it by (`products/products.repo`). */
export interface RepoModule {
  file: string;
  name: string;
}

/** Every repository module, found on disk: a new or renamed one is covered without a list. */
export function repoModules(): RepoModule[] {
  const found: RepoModule[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith('.repo.ts')) {
        found.push({ file: full, name: path.relative(modulesDir, full).replace(/\.ts$/, '') });
      }
    }
  };
  walk(modulesDir);
  return found.sort((a, b) => a.name.localeCompare(b.name));
}

export interface RepoCall {
  module: string;
  fn: string;
  /** The unwrapped function, to call again. */
  original: (...args: unknown[]) => unknown;
  args: unknown[];
  result?: unknown;
  failed: boolean;
}

export function createRecorder() {
  const calls: RepoCall[] = [];
  /** Exported functions by module, and the functions each declares tenant-free. */
  const exported = new Map<string, string[]>();
  const declaredFree = new Map<string, readonly string[]>();
  let recording = true;

  function wrap(module: string, exports: Record<string, unknown>): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    const names: string[] = [];
    for (const [name, value] of Object.entries(exports)) {
      if (typeof value !== 'function') {
        out[name] = value;
        continue;
      }
      names.push(name);
      const original = value as (...args: unknown[]) => unknown;
      out[name] = (...args: unknown[]) => {
        if (!recording) return original(...args);
        const call: RepoCall = { module, fn: name, original, args, failed: false };
        calls.push(call);
        let result: unknown;
        try {
          result = original(...args);
        } catch (error) {
          call.failed = true;
          throw error;
        }
        if (result instanceof Promise) {
          return result.then(
            (value: unknown) => {
              call.result = value;
              return value;
            },
            (error: unknown) => {
              call.failed = true;
              throw error;
            },
          );
        }
        call.result = result;
        return result;
      };
    }
    exported.set(module, names);
    const free = exports.tenantFree;
    declaredFree.set(module, Array.isArray(free) ? (free as string[]) : []);
    return out;
  }

  return {
    calls,
    exported,
    declaredFree,
    wrap,
    stop: () => {
      recording = false;
    },
  };
}

export type Recorder = ReturnType<typeof createRecorder>;
