import net from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';

// Over a real socket, with short limits: a client that declares a body and sends it slowly or
// not at all, or stops half-way through its headers, is answered 408 request_timeout and its
// connection ended; a silent connection is closed; a request that arrives in time is served.

const REQUEST_TIMEOUT_MS = 1500;
const CONNECTION_TIMEOUT_MS = 4000;

let app: TestApp;
let port: number;
beforeAll(async () => {
  app = await createTestApp({
    seedDemo: false,
    config: { requestTimeoutMs: REQUEST_TIMEOUT_MS, connectionTimeoutMs: CONNECTION_TIMEOUT_MS },
  });
  await app.app.listen({ port: 0, host: '127.0.0.1' });
  port = (app.app.server.address() as net.AddressInfo).port;
});
afterAll(async () => {
  await app?.close();
});

/**
 * Opens a connection, lets `talk` write to it, and resolves with everything the server sent once
 * the server ends the connection. A connection the server never ends fails the test by its
 * timeout.
 */
function converse(talk: (socket: net.Socket) => Promise<void>): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    const received: Buffer[] = [];
    let closed = false;
    socket.on('data', (chunk: Buffer) => received.push(chunk));
    socket.on('error', () => {}); // a reset still ends the conversation below
    socket.on('close', () => {
      closed = true;
      resolve(Buffer.concat(received).toString('utf8'));
    });
    socket.on('connect', () => {
      talk(socket).catch((error: unknown) => {
        // Writing after the server ended the connection is what the slow tests expect.
        if (!closed) reject(error instanceof Error ? error : new Error(String(error)));
      });
    });
  });
}

const loginHead = (length: number) =>
  `POST /api/login HTTP/1.1\r\nHost: kopi\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\n\r\n`;

function expectTimedOut(answer: string) {
  expect(answer).toMatch(/^HTTP\/1\.1 408 /);
  expect(answer).toContain('"code_message":"request_timeout"');
  expect(answer.toLowerCase()).toContain('connection: close');
}

describe('request deadlines', () => {
  it('answers 408 and ends a request that declares 100 bytes of body and sends one', async () => {
    const answer = await converse(async (socket) => {
      socket.write(`${loginHead(100)}{`);
    });
    expectTimedOut(answer);
  }, 30_000);

  it('ends a body sent a byte at a time, though each byte comes well inside the idle limit', async () => {
    const answer = await converse(async (socket) => {
      socket.write(loginHead(10_000));
      // 40 bytes 200 ms apart: the connection is never silent, the body is never done.
      for (let i = 0; i < 40 && !socket.destroyed; i++) {
        socket.write(' ');
        await sleep(200);
      }
    });
    expectTimedOut(answer);
  }, 30_000);

  it('answers 408 and ends a request whose headers stop half-way', async () => {
    const answer = await converse(async (socket) => {
      socket.write('POST /api/login HTTP/1.1\r\nHost: kopi\r\nContent-Ty');
    });
    expectTimedOut(answer);
  }, 30_000);

  it('answers 408 and ends a connection that never sends anything', async () => {
    expectTimedOut(await converse(async () => {}));
  }, 30_000);

  it('gives the server the configured limits', () => {
    expect(app.app.server.requestTimeout).toBe(REQUEST_TIMEOUT_MS);
    // Node's socket timeout: a connection silent both ways for this long is closed.
    expect(app.app.server.timeout).toBe(CONNECTION_TIMEOUT_MS);
  });

  it('serves a request whose body arrives in parts within the deadline', async () => {
    const body = JSON.stringify({ username: 'nobody', password: 'wrong-password' });
    const answer = await converse(async (socket) => {
      socket.write(
        loginHead(Buffer.byteLength(body)).replace('\r\n\r\n', '\r\nConnection: close\r\n\r\n'),
      );
      socket.write(body.slice(0, 10));
      await sleep(50);
      socket.write(body.slice(10));
    });
    // Read whole: the wrong password's answer, not a timeout.
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(answer).toContain('"code_message":"invalid_credentials"');
  }, 30_000);
});
