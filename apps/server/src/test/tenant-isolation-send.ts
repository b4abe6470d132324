import { randomUUID } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import { DEMO_PASSWORD } from '../db/seed-data';

// What the tenant-isolation scenario hands its parts: a request helper that records refused
// requests, and the admin's requests by method. Answers stay loose, as the scenario reads them.

export type Headers = Record<string, string>;
export type Answer = Promise<{ data: any }>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** The scenario's request helper: it records refused requests. */
export type ScenarioSend = (
  headers: Headers,
  method: InjectOptions['method'],
  url: string,
  payload?: InjectOptions['payload'],
  extra?: Headers,
) => Answer;

/** The scenario's requests as one signed-in user. */
export interface Requests {
  get(url: string): Answer;
  post(url: string, body?: object): Answer;
  put(url: string, body: object): Answer;
  del(url: string): Answer;
}

/** A fresh Idempotency-Key header. */
export const idempotencyKey = () => ({ 'idempotency-key': randomUUID() });

/** Sets the user's approval PIN through the scenario (PUT /api/account/pin). */
export const setPinThrough = (send: ScenarioSend, headers: Headers, pin: string) =>
  send(headers, 'PUT', '/api/account/pin', {
    pin,
    pin_confirm: pin,
    old_password: DEMO_PASSWORD,
  });
