import { createHash, randomUUID } from 'node:crypto';
import { seededRandom } from '@kopi/contract';
import { type Answer, answerProblem, bodyHead, statusClass } from './fuzz-answers';
import {
  createFuzzWorld,
  type FuzzWorld,
  type Principal,
  resourceOfField,
  resourceOfPathParam,
} from './fuzz-fixtures';
import {
  type OpenApiDocument,
  type Operation,
  operationsOf,
  takesBody,
} from './openapi-operations';
import { listenOnLoopback, rawProbes, sendRaw } from './raw-http';
import {
  baseline,
  type BuiltRequest,
  isHeavy,
  type Variant,
  type VariantContext,
  type VariantLabel,
  variantsOf,
} from './fuzz-variants';

// The API fuzzer: every operation of the OpenAPI document, with real ids and a valid token, is
// sent its malformed variants; any 5xx and any error answer outside the envelope is a failure.
// Bounded mode sends the heavy kinds (megabytes, deep nesting) once per operation, full mode on
// every field and parameter, and every write both with and without an Idempotency-Key.

export type FuzzMode = 'bounded' | 'full';

export interface Failure {
  operation: string;
  variant: string;
  status: number;
  problem: string;
  body: string;
  /** The error the server raised, from its error hook; none for answers made outside the app. */
  cause?: string;
}

export interface OperationReport {
  requests: number;
  /** Variant classes the operation has, and those that were sent. */
  classes: Set<string>;
  sentClasses: Set<string>;
  /** An answer other than 401/403 to a request with valid credentials: past authentication. */
  reached: boolean;
  succeeded: boolean;
}

export interface FuzzResult {
  mode: FuzzMode;
  seconds: number;
  /** Operations in the OpenAPI document. */
  documented: number;
  requests: number;
  byStatus: Record<string, number>;
  operations: Map<string, OperationReport>;
  /** Path parameters the fuzzer had no real row for (a random uuid went instead). */
  unmapped: string[];
  failures: Failure[];
}

const REQUEST_TIMEOUT_MS = 15_000;

/** A number from a string, to seed each operation's choices on its own. */
const seedOf = (text: string) => createHash('sha256').update(text).digest().readUInt32LE(0);

/**
 * Bounded mode: every light variant, and of each heavy kind (megabytes, deep nesting) one per
 * operation, chosen by the operation's seeded random so that every run sends the same.
 */
export function boundedVariants(op: Operation, variants: Variant[]): Variant[] {
  const random = seededRandom(seedOf(op.key));
  const heavy = new Map<string, Variant[]>();
  const chosen: Variant[] = [];
  for (const v of variants) {
    if (!isHeavy(v)) chosen.push(v);
    else {
      const key = `${v.cls}:${v.kind}`;
      heavy.set(key, [...(heavy.get(key) ?? []), v]);
    }
  }
  for (const group of heavy.values()) chosen.push(group[Math.floor(random() * group.length)]!);
  return chosen;
}

/** Whether each send of a variant carries an Idempotency-Key: reads never, full runs both ways. */
function keyChoices(op: Operation, variant: Variant, mode: FuzzMode, coin: () => number) {
  if (!takesBody(op)) return [false];
  if (mode === 'full') return [true, false];
  return [variant.withKey ?? coin() < 0.5];
}

class Fuzzer {
  private readonly result: FuzzResult;
  private counter = 0;

  constructor(
    private readonly world: FuzzWorld,
    mode: FuzzMode,
  ) {
    this.result = {
      mode,
      seconds: 0,
      documented: 0,
      requests: 0,
      byStatus: {},
      operations: new Map(),
      unmapped: [],
      failures: [],
    };
  }

  contextFor(op: Operation): VariantContext {
    const { ids } = this.world;
    return {
      png: this.world.png,
      ids: (name) => {
        const resource = resourceOfField(op, name);
        return resource ? ids[resource] : undefined;
      },
      pathId: (o, param) => {
        const resource = resourceOfPathParam(o, param);
        if (resource && ids[resource]) return ids[resource];
        const name = `${o.key} {${param}}`;
        if (!this.result.unmapped.includes(name)) this.result.unmapped.push(name);
        return randomUUID();
      },
    };
  }

  candidates(op: Operation): Principal[] {
    const { admin, superadmin, refresh, customer } = this.world.principals;
    if (op.audience === 'customer') return [customer];
    if (op.audience === 'public') return [admin];
    return [admin, superadmin, refresh];
  }

  private async inject(op: Operation, request: BuiltRequest, headers: Record<string, string>) {
    const id = `fuzz-${++this.counter}`;
    const sent = this.world.t.inject({
      method: op.method as 'GET',
      url: request.url,
      headers: { ...headers, ...request.headers, 'x-request-id': id },
      ...(request.payload === undefined ? {} : { payload: request.payload }),
    });
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('no answer in time')), REQUEST_TIMEOUT_MS);
    });
    try {
      const res = await Promise.race([sent, timeout]);
      return { id, answer: { statusCode: res.statusCode, headers: res.headers, body: res.body } };
    } finally {
      clearTimeout(timer);
    }
  }

  /** Sends one request as `who`; signs in again and resends once when the token was lost. */
  async send(op: Operation, variant: Variant | undefined, who: Principal, withKey: boolean) {
    const request = variant ? variant.build() : baseline(op, this.contextFor(op));
    const headers = () => ({
      ...who.headers(),
      ...(withKey ? { 'idempotency-key': randomUUID() } : {}),
    });
    let sent: { id: string; answer: Answer };
    try {
      sent = await this.inject(op, request, headers());
      if (sent.answer.statusCode === 401 && !variant?.ownAuth) {
        await who.renew();
        sent = await this.inject(op, request, headers());
      }
    } catch (error) {
      sent = { id: '', answer: { statusCode: 0, headers: {}, body: String(error) } };
    }
    this.record(op, variant, sent);
    return sent.answer;
  }

  private record(
    op: Operation,
    variant: VariantLabel | undefined,
    sent: { id: string; answer: Answer },
  ) {
    const { answer } = sent;
    const report = this.report(op);
    report.requests++;
    if (variant) report.sentClasses.add(variant.cls);
    if (!variant?.ownAuth && ![0, 401, 403].includes(answer.statusCode)) report.reached = true;
    if (answer.statusCode >= 200 && answer.statusCode < 300) report.succeeded = true;
    this.result.requests++;
    const cls = statusClass(answer.statusCode);
    this.result.byStatus[cls] = (this.result.byStatus[cls] ?? 0) + 1;
    const problem = answer.statusCode === 0 ? 'no answer' : answerProblem(answer);
    if (!problem) return;
    this.result.failures.push({
      operation: op.key,
      variant: variant ? variantName(variant) : 'baseline',
      status: answer.statusCode,
      problem,
      body: bodyHead(answer.body),
      cause: this.world.causes.get(sent.id),
    });
  }

  report(op: Operation): OperationReport {
    let report = this.result.operations.get(op.key);
    if (!report) {
      report = {
        requests: 0,
        classes: new Set(),
        sentClasses: new Set(),
        reached: false,
        succeeded: false,
      };
      this.result.operations.set(op.key, report);
    }
    return report;
  }

  /** The first candidate whose baseline request gets past authentication (else the first). */
  async principalFor(op: Operation): Promise<Principal> {
    const candidates = this.candidates(op);
    for (const who of candidates) {
      const answer = await this.send(op, undefined, who, takesBody(op));
      if (![401, 403].includes(answer.statusCode)) return who;
    }
    return candidates[0]!;
  }

  async run(op: Operation, mode: FuzzMode) {
    const all = variantsOf(op, this.contextFor(op));
    const report = this.report(op);
    for (const v of all) report.classes.add(v.cls);
    const chosen = mode === 'full' ? all : boundedVariants(op, all);
    const who = await this.principalFor(op);
    const coin = seededRandom(seedOf(`${op.key} keys`));
    for (const variant of chosen) {
      for (const withKey of keyChoices(op, variant, mode, coin)) {
        await this.send(op, variant, who, withKey);
      }
    }
  }

  /** The raw-socket probes, as one pseudo-operation. */
  async probeSockets() {
    const port = await listenOnLoopback(this.world.t.app);
    const token = this.world.principals.admin.headers().authorization?.replace('Bearer ', '') ?? '';
    const op: Operation = {
      method: 'RAW',
      path: '(loopback socket)',
      key: 'RAW (loopback socket)',
      pathParams: [],
      query: [],
      multipart: false,
      audience: 'staff',
      rank: 0,
    };
    for (const probe of rawProbes) {
      let answer: Answer;
      try {
        answer = await sendRaw(port, probe.request(token));
      } catch (error) {
        answer = { statusCode: 0, headers: {}, body: String(error) };
      }
      this.record(op, { cls: 'socket', kind: probe.name, target: '' }, { id: '', answer });
    }
  }

  finish(started: number, documented: number): FuzzResult {
    this.result.documented = documented;
    this.result.seconds = (Date.now() - started) / 1000;
    return this.result;
  }
}

const variantName = (v: VariantLabel) => `${v.cls}:${v.kind}${v.target ? `@${v.target}` : ''}`;

export interface FuzzOptions {
  mode: FuzzMode;
  /** Progress lines (one per operation), e.g. console.log in the script. */
  progress?: (line: string) => void;
}

/** Builds a fresh app, fuzzes every operation of its OpenAPI document, closes the app. */
export async function fuzzApi(options: FuzzOptions): Promise<FuzzResult> {
  const started = Date.now();
  const world = await createFuzzWorld();
  try {
    const doc = world.t.app.swagger() as unknown as OpenApiDocument;
    const fuzzer = new Fuzzer(world, options.mode);
    const operations = operationsOf(doc);
    for (const op of operations) {
      const before = Date.now();
      await fuzzer.run(op, options.mode);
      const report = fuzzer.report(op);
      options.progress?.(`${op.key}: ${report.requests} requests, ${Date.now() - before} ms`);
    }
    await fuzzer.probeSockets();
    return fuzzer.finish(started, operations.length);
  } finally {
    await world.t.close();
  }
}
