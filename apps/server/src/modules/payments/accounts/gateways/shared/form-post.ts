import { AppError } from '../../../../../lib/errors';
import { encodeFormBody, type FormFields } from './form-body';

// A form POST to a gateway's server, as the Malaysian gateways take them: a gateway that does not
// answer in time, or answers with an error status, is unreachable to the caller.

const REQUEST_TIMEOUT_MS = 15_000;

/** Posts `fields` as a form to `url`; the gateway's answer when it is a success status. */
export async function postForm(url: string, fields: FormFields): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: encodeFormBody(fields),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
  } catch {
    throw new AppError('payment_gateway_unreachable');
  }
  if (!response.ok) throw new AppError('payment_gateway_unreachable');
  return response;
}
