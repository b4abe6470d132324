import { messageKey, orderNotCollectedSchema, orderStatusMoveSchema } from '@kopi/contract';
import { translateValidation } from '../../../lib/i18n/i18n';
import type { useStatusBoardStrings } from '../i18n';

type Words = ReturnType<typeof useStatusBoardStrings>['t'];

/** The contract's length limit carries zod's own English text; say it with the app's words. */
function reasonProblem(
  issue: { code: string; message?: string } | undefined,
  otherwise: string | undefined,
): string | undefined {
  return translateValidation(
    issue?.code === 'too_big' ? messageKey('max_length', { max: 300 }) : otherwise,
  );
}

/** The contract's rule for a rejection's reason (required, at most 300 characters), as a message. */
export function rejectReasonProblem(reason: string): string | undefined {
  const result = orderStatusMoveSchema.safeParse({ status: 'REJECTED', reason });
  if (result.success) return undefined;
  const issue = result.error.issues.find((i) => i.path[0] === 'reason') ?? result.error.issues[0];
  return reasonProblem(issue, issue?.message);
}

/** The contract's rule for a not-collected reason (required, at most 300 characters), as a message. */
export function notCollectedReasonProblem(reason: string): string | undefined {
  const result = orderNotCollectedSchema.safeParse({ reason });
  if (result.success) return undefined;
  return reasonProblem(result.error.issues[0], messageKey('required'));
}

/**
 * The board's moves that ask why, each under its words in the strings (`<kind>.title`…):
 * `name` makes the dialog's test ids, `quickReasons` says the chips that fill the reason in.
 */
export const reasonMoves = {
  // The customer and the refund see a rejection's reason.
  reject: {
    name: 'reject',
    quickReasons: (t: Words) =>
      (['soldOut', 'closing', 'customerLeft', 'duplicate'] as const).map((key) =>
        t(`reject.quickReasons.${key}`),
      ),
    problemOf: rejectReasonProblem,
    color: 'error',
  },
  // A manager clears a ready order the customer never came for; order details and the audit log
  // keep why.
  notCollected: {
    name: 'not-collected',
    quickReasons: (t: Words) =>
      (['noShow', 'closing', 'remade'] as const).map((key) =>
        t(`notCollected.quickReasons.${key}`),
      ),
    problemOf: notCollectedReasonProblem,
    color: 'warning',
  },
} as const;

export type ReasonKind = keyof typeof reasonMoves;
