import { createHash } from 'node:crypto';
import {
  dataEnvelope,
  messageKey,
  type PaymentCallbackResult,
  paymentCallbackResultSchema,
  text,
} from '@kopi/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../../lib/errors';
import { languageOf } from '../../../lib/malay-name';
import { contextOf } from '../../../lib/request-context';
import type { PaymentService } from './payments.service';
import { type ReturnOutcome, returnPage, wantsHtml } from './return-page';

// DESIGN §8 POST /api/payments/{provider}/callback. Public: the caller is a payment provider, and
// what authenticates it is its signature over the exact bytes of the body, so this context keeps
// JSON bodies as the raw string (parsing them first could change what was signed).

const CALLBACK_BODY_LIMIT = 64 * 1024;
const TAGS = ['payments'];

/** The only script of the checkout page: its form's submit, allowed by this hash alone. */
const AUTO_SUBMIT = `'sha256-${createHash('sha256').update('document.forms[0].submit()').digest('base64')}'`;

export async function paymentRoutes(
  app: FastifyInstance,
  { service }: { service: PaymentService },
) {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string', bodyLimit: CALLBACK_BODY_LIMIT },
    (_request, body, done) => done(null, body),
  );
  // Billplz, iPay88 and Fiuu post as a form: kept raw, parsed by the service.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: CALLBACK_BODY_LIMIT },
    (_request, body, done) => done(null, body),
  );
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const provider = z.object({ provider: text().max(40) });
  const resultEnvelope = dataEnvelope(paymentCallbackResultSchema);
  // The fields gateways send the browser back with, as the document lists them. Others pass
  // through as received: a Billplz redirect signs every billplz[…] field it carries.
  const returnField = text().max(500).optional();
  const returnQuery = z
    .object({
      'billplz[id]': returnField,
      'billplz[paid]': returnField,
      'billplz[paid_at]': returnField,
      'billplz[x_signature]': returnField,
      payment_intent: returnField,
      payment_intent_client_secret: returnField,
      redirect_status: returnField,
    })
    .catchall(text().max(500))
    .refine((q) => Object.keys(q).every((key) => key.length <= 60), {
      error: messageKey('invalid'),
    });

  // Not through the route kit: a gateway may need its own plain-text acknowledgement.
  typed.route({
    method: 'POST',
    url: '/payments/:provider/callback',
    config: { public: true, idempotency: false },
    schema: {
      tags: TAGS,
      summary:
        'A payment provider reports how a payment ended. Signed (sandbox: x-sandbox-signature, HMAC-SHA256 of the raw body; iPay88 Signature; Fiuu skey); a replayed event id answers duplicate and changes nothing. Once applied (or a duplicate) iPay88 reads the plain text RECEIVEOK and Fiuu’s callback (nbcb=1) CBTOKEN:MPSTATOK; others the JSON result',
      params: provider,
      response: { 200: resultEnvelope },
    },
    handler: async (request, reply) => {
      const { result, acknowledgement } = await service.callback(
        request.params.provider,
        typeof request.body === 'string' ? request.body : '',
        request.headers,
        contextOf(request),
      );
      if (acknowledgement) {
        // Plain text is sent as written: the JSON schema of the result does not apply to it.
        return reply
          .code(200)
          .type(acknowledgement.contentType)
          .send(acknowledgement.body as never);
      }
      return reply.code(200).send({ data: result });
    },
  });

  /**
   * The customer's browser back from a gateway: a browser (it asks for HTML) gets a page in its
   * language saying how the payment stands; an API client gets the JSON result.
   */
  async function answerReturn(
    request: FastifyRequest,
    reply: FastifyReply,
    returned: () => Promise<{ result: PaymentCallbackResult; outcome: ReturnOutcome }>,
  ) {
    if (!wantsHtml(request.headers.accept)) {
      return reply.code(200).send({ data: (await returned()).result });
    }
    const page = (outcome: ReturnOutcome) =>
      returnPage(outcome, languageOf(request.headers['accept-language']));
    let code = 200;
    let outcome: ReturnOutcome = 'unknown';
    try {
      outcome = (await returned()).outcome;
    } catch (error) {
      // A refused or unknown return leaves the payment as it was: the page says so, no more.
      if (!(error instanceof AppError)) throw error;
      code = error.status;
    }
    return reply
      .code(code)
      .type('text/html; charset=utf-8')
      .send(page(outcome) as never);
  }

  typed.route({
    method: 'GET',
    url: '/payments/:provider/return',
    config: { public: true },
    schema: {
      tags: TAGS,
      summary:
        "The customer's browser back from a gateway (Billplz: billplz[id], billplz[paid], billplz[x_signature]…; Stripe: payment_intent). Verified, then confirmed by a status query before anything is applied. A browser (Accept: text/html) gets a page in its language saying how the payment stands; others the JSON result",
      params: provider,
      querystring: returnQuery,
      response: { 200: resultEnvelope },
    },
    handler: (request, reply) =>
      answerReturn(request, reply, () =>
        service.returned(
          request.params.provider,
          request.query,
          request.headers,
          contextOf(request),
        ),
      ),
  });

  typed.route({
    method: 'POST',
    url: '/payments/:provider/return',
    config: { public: true, idempotency: false },
    schema: {
      tags: TAGS,
      summary:
        "The customer's browser posted back from a gateway as a form (iPay88's Response URL: RefNo, Amount, Status, Signature…; Fiuu's return URL: tranID, orderid, status, skey…). Verified as the callback is; iPay88's is confirmed by a re-query before anything is applied. A browser gets the page, others the JSON result",
      params: provider,
      response: { 200: resultEnvelope },
    },
    handler: (request, reply) =>
      answerReturn(request, reply, () =>
        service.returnedForm(
          request.params.provider,
          typeof request.body === 'string' ? request.body : '',
          request.headers,
          contextOf(request),
        ),
      ),
  });

  // Not through the route kit: an HTML page with its own Content-Security-Policy.
  typed.route({
    method: 'GET',
    url: '/payments/:provider/checkout/:paymentId',
    config: { public: true },
    schema: {
      tags: TAGS,
      summary:
        "The page handing the customer's browser to a gateway that takes a form POST (iPay88): a self-submitting form of the signed payment request, for a still-pending payment only (its unguessable id); 404 for anything else",
      params: provider.extend({ paymentId: text().max(40) }),
    },
    handler: async (request, reply) => {
      const { provider: name, paymentId } = request.params;
      const page = await service.checkoutPage(name, paymentId);
      const action = new URL(page.formAction);
      return reply
        .code(200)
        .header(
          'content-security-policy',
          `default-src 'none'; script-src-attr 'unsafe-hashes' ${AUTO_SUBMIT}; form-action ${action.origin}; base-uri 'none'; frame-ancestors 'none'`,
        )
        .header('cache-control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(page.html);
    },
  });
}
