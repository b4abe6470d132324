import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';

// The gateway fakes, the merchant stand-ins of their tests and the inject bridge each listen on
// 127.0.0.1 at a free port, so that nothing reaches the network and tests never share a port.

export interface Loopback {
  /** e.g. http://127.0.0.1:41234, without a trailing slash. */
  readonly url: string;
  close(): Promise<void>;
}

/** Starts the server on 127.0.0.1 at a port the system picks. */
export async function listenOnLoopback(server: Server): Promise<Loopback> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The entry of a fake's map, or a test failure naming what the fake does not have. */
export function mustHave<T>(map: Map<string, T>, key: string, what: string): T {
  const value = map.get(key);
  if (value === undefined) throw new Error(`the fake ${what} ${key}`);
  return value;
}
