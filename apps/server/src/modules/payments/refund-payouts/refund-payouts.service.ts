import { randomUUID } from 'node:crypto';
import type { PaymentStart } from '@kopi/contract';
import type { Db } from '../../../db/database';
import type { Clock } from '../../../lib/clock';
import { AppError } from '../../../lib/errors';
import type { RequestContext } from '../../../lib/request-context';
import type { RefundService } from '../../refunds/refunds.service';
import type { PaymentProvider, RefundEvent } from '../intents/payment-provider';
import type { PaymentGatewayService } from '../accounts/payment-gateways.service';
import * as repo from './provider-refunds.repo';

// Refunds paid back through the provider of the payment: planned in the refund's approval
// transaction, asked for once it commits, settled by the provider's signed callback (applied
// once however often it is delivered). A request lost to a crash or an unanswered one is asked
// for again by the sweeper; the provider refunds by our id, so asking twice never pays twice.
// A business's own gateway (Stripe…) answers the request itself: a refund it has made or
// refused is settled at once, as its callback would be; one still pending is asked again.
// Settling is the refunds module's: each call that may settle a refund is handed the refunds
// service's settleByProvider, so the payouts, created before the refunds service, never call
// back into it on their own.

/**
 * What the refunds side does when a provider has answered for all of a refund (the refunds
 * service's settleByProvider), in the transaction that claimed the provider's answer.
 */
export type RefundSettledHook = RefundService['settleByProvider'];

/** Hands the sandbox's signed callback to the server's callback route, as the bank would. */
export type SandboxDelivery = (callback: NonNullable<PaymentStart['sandbox_callback']>) => void;

/** What the payouts need of the businesses' gateways. */
export type GatewayRefunds = Pick<PaymentGatewayService, 'refundingGateways' | 'connectFor'>;

export interface RefundPayoutDeps {
  db: Db;
  now: Clock;
  providers: PaymentProvider[];
  /** The businesses' own gateways, which pay back what they took when they have a refund API. */
  gateways: GatewayRefunds;
  deliver: SandboxDelivery;
  onError: (error: unknown) => void;
}

type Part = Awaited<ReturnType<typeof repo.pendingOfRefund>>[number];

/** A request left unanswered this long is asked for again. */
export const RESEND_AFTER_MS = 60_000;

export function createRefundPayouts({
  db,
  now,
  providers,
  gateways,
  deliver,
  onError,
}: RefundPayoutDeps) {
  const byName = new Map(providers.map((p) => [p.name as string, p]));
  const refundingGateways = new Set(gateways.refundingGateways());

  /** A verified refund event, in the caller's transaction. True when it was a replay. */
  async function applyEvent(
    tx: Db,
    provider: string,
    event: RefundEvent,
    ctx: RequestContext,
    settle: RefundSettledHook,
  ) {
    const claimed = await repo.claimRefundEvent(tx, { provider, event, at: now() });
    if (!claimed) return true;
    if (claimed.outcome !== 'pending') {
      await settle(tx, {
        tenantId: claimed.tenantId,
        refundId: claimed.refundId,
        outcome: claimed.outcome,
        by: `Online refund (${provider})`,
        ctx,
      });
    }
    return false;
  }

  /**
   * A gateway's answer that settles a part, applied as its callback would be: the event id is
   * the part's and the outcome, so a second request, or the sweeper racing this one, claims the
   * same event and changes nothing.
   */
  async function settleAnswered(
    part: Part,
    status: 'refunded' | 'failed',
    settle: RefundSettledHook,
  ) {
    // No request carries this: the server acts on the gateway's answer.
    const ctx: RequestContext = {
      principal: null,
      ip: 'server',
      userAgent: 'refund-payouts',
      requestId: randomUUID(),
    };
    const event: RefundEvent = {
      kind: 'refund',
      eventId: `${part.id}:${status}`,
      providerRefundId: part.id,
      paymentId: part.paymentId,
      amount: part.amount,
      status,
    };
    await db.transaction((tx) => applyEvent(tx, part.provider, event, ctx, settle));
  }

  /**
   * Asks the business's gateway, even one switched off since (it still refunds what it took).
   * A gateway account deleted since cannot pay it back: the part fails, for the staff to pay.
   * A gateway that cannot be reached throws, and the sweeper asks again.
   */
  async function sendToGateway(tenantId: string, part: Part, settle: RefundSettledHook) {
    const connected = await gateways
      .connectFor(tenantId, part.provider, { evenDisabled: true })
      .catch((error: unknown) => {
        if (error instanceof AppError && error.code === 'payment_provider_unavailable') return null;
        throw error;
      });
    const client = connected?.client;
    if (!client?.refund || !part.reference) return settleAnswered(part, 'failed', settle);
    const answer = await client.refund({
      providerRefundId: part.id,
      reference: part.reference,
      amount: part.amount,
    });
    if (answer.status === 'pending') return repo.markRequested(db, tenantId, part.id);
    return settleAnswered(part, answer.status, settle);
  }

  /** Asks the provider for each pending part of a refund (after its transaction commits). */
  async function send(tenantId: string, refundId: string, settle: RefundSettledHook) {
    for (const part of await repo.pendingOfRefund(db, tenantId, refundId)) {
      if (refundingGateways.has(part.provider)) {
        await sendToGateway(tenantId, part, settle);
        continue;
      }
      const provider = byName.get(part.provider);
      if (!provider) continue;
      const answer = await provider.refundPayment({
        providerRefundId: part.id,
        paymentId: part.paymentId,
        amount: part.amount,
      });
      await repo.markRequested(db, tenantId, part.id);
      if (answer.sandboxCallback) deliver(answer.sandboxCallback);
    }
  }

  return {
    /**
     * In the approval's transaction: whether the refund goes back through the provider (its
     * parts are recorded pending) or by hand.
     */
    async plan(tx: Db, p: Omit<repo.PayoutPlan, 'providers'>): Promise<boolean> {
      const parts = await repo.planProviderRefunds(tx, {
        ...p,
        providers: [...byName.keys(), ...refundingGateways],
      });
      return parts !== null;
    },

    /** After the approval commits; a failure is left to the sweeper. */
    send(tenantId: string, refundId: string, settle: RefundSettledHook): Promise<void> {
      return send(tenantId, refundId, settle).catch(onError);
    },

    /** A verified refund event, in the callback's transaction. True when it was a replay. */
    applyEvent,

    /** The sweeper: asks again for requests lost to a crash or left unanswered. */
    async resendUnanswered(settle: RefundSettledHook, quietMs = RESEND_AFTER_MS): Promise<number> {
      const due = await repo.unansweredRefunds(db, quietMs).catch((error: unknown) => {
        onError(error);
        return [];
      });
      const refunds = new Map(due.map((d) => [d.refundId, d.tenantId]));
      for (const [refundId, tenantId] of refunds) {
        await send(tenantId, refundId, settle).catch(onError);
      }
      return refunds.size;
    },
  };
}

export type RefundPayouts = ReturnType<typeof createRefundPayouts>;

/**
 * Runs the sweeper every `everyMs`, settling what the providers answer through `settle` (its
 * failures go to the payouts' onError); answers a stop.
 */
export function schedulePayoutSweeper(
  payouts: RefundPayouts,
  settle: RefundSettledHook,
  everyMs = RESEND_AFTER_MS,
) {
  const timer = setInterval(() => {
    void payouts.resendUnanswered(settle);
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
