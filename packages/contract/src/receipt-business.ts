import { z } from 'zod';
import { text } from './validation';

/**
 * Who a printed slip is from: the business and its outlet as they are now (business settings),
 * the identity an order receipt and a refund slip both print at the top.
 */
export const receiptBusinessSchema = z.object({
  business_name: text(),
  legal_name: text().nullable(),
  sst_registration_no: text().nullable(),
  tin: text().nullable(),
  brn: text().nullable(),
  outlet_code: text(),
  outlet_address: text().nullable(),
  outlet_phone: text().nullable(),
});
export type ReceiptBusiness = z.infer<typeof receiptBusinessSchema>;
