import type { Answer, Call, CallOptions } from '../app-client';

// What the crash test's clients share: a gate that is shut while the server is down, a call that
// waits behind it and sends an interrupted request again with the same Idempotency-Key, the
// figures, and the ledger of what the server acknowledged (checked against the database later).

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Open while the server answers; clients whose request was cut off wait here for the restart. */
export class Gate {
  private opened: Promise<void> = Promise.resolve();
  private open: () => void = () => {};

  shut() {
    this.opened = new Promise((resolve) => (this.open = resolve));
  }

  reopen() {
    this.open();
  }

  whenOpen() {
    return this.opened;
  }
}

export interface Figures {
  requests: number;
  /** Requests cut off by a kill (the connection failed) and sent again after the restart. */
  interrupted: number;
  /** Of those, answered from the idempotency store: the first attempt had finished. */
  replayed: number;
  /** Answers `idempotency_in_flight`: a reservation of a killed request still held. */
  heldReservations: number;
  posOrders: number;
  appOrders: number;
  /** Order creates whose retry ran again and was told `order_already_exists`. */
  alreadyRecorded: number;
  appPaid: number;
  appCancelled: number;
  statusMoves: number;
  /**
   * A move or cancel answered that the order is no longer there to move: the customer's cancel
   * and the board's reject raced, or a retry ran again after its first attempt had committed
   * (a reservation the kill left in flight). Both end as the client wanted.
   */
  alreadyDone: number;
  customers: number;
  /** Unexpected answers (5xx, or a refusal the load never provokes), with a few samples. */
  unexpected: number;
  samples: string[];
}

export const newFigures = (): Figures => ({
  requests: 0,
  interrupted: 0,
  replayed: 0,
  heldReservations: 0,
  posOrders: 0,
  appOrders: 0,
  alreadyRecorded: 0,
  appPaid: 0,
  appCancelled: 0,
  statusMoves: 0,
  alreadyDone: 0,
  customers: 0,
  unexpected: 0,
  samples: [],
});

/** An order create as the client knows its fate; checked against the orders table at the end. */
export interface SentOrder {
  /** The key as the server stores it on the order (an app order's is prefixed by the server). */
  key: string;
  source: 'pos' | 'app';
  /** created: a 201 (fresh or replayed); exists: the retry was told the sale was recorded. */
  outcome: 'created' | 'exists' | 'refused';
  orderId: string | null;
  /** The total the client priced (POS) or was answered (app); null when unknown. */
  total: number | null;
}

export interface Ledger {
  orders: SentOrder[];
  /** App payments whose callback the server accepted as paid: order id → amount. */
  paid: { orderId: string; amount: number }[];
}

const isNetworkError = (error: unknown) => error instanceof TypeError;

/** How long a retry waits for a held reservation before the run counts it as stuck. */
const HELD_RETRY_LIMIT = 60;

/**
 * A Call that survives kills: a request whose connection fails waits for the gate and is sent
 * again as it was (same body, same Idempotency-Key); `idempotency_in_flight` is retried after a
 * pause. Every answer is counted; a 5xx is unexpected (a kill shows as a network error).
 */
export function resilientCall(call: Call, gate: Gate, figures: Figures): Call {
  return async <T>(method: 'GET' | 'POST', path: string, options: CallOptions = {}) => {
    let interrupted = false;
    let held = 0;
    for (;;) {
      let answer: Answer<T>;
      try {
        figures.requests++;
        answer = await call<T>(method, path, options);
      } catch (error) {
        if (!isNetworkError(error)) throw error;
        if (!interrupted) figures.interrupted++;
        interrupted = true;
        await gate.whenOpen();
        await sleep(50);
        continue;
      }
      if (answer.status === 409 && answer.code === 'idempotency_in_flight') {
        figures.heldReservations++;
        if (++held > HELD_RETRY_LIMIT) return answer;
        await sleep(500);
        continue;
      }
      if (interrupted && answer.replayed) figures.replayed++;
      if (answer.status >= 500) unexpected(figures, `${method} ${path}`, answer);
      return answer;
    }
  };
}

export function unexpected(
  figures: Figures,
  what: string,
  answer: { status: number; code: string | null; message: string },
) {
  figures.unexpected++;
  if (figures.samples.length < 8) {
    figures.samples.push(`${what}: ${answer.status} ${answer.code ?? ''} ${answer.message}`);
  }
}

/** Picks from a list with the run's seeded generator. */
export const pickWith =
  (random: () => number) =>
  <T>(xs: readonly T[]): T =>
    xs[Math.floor(random() * xs.length)]!;
