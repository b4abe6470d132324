import type { ReceiptBusiness } from '@kopi/contract';
import { outlets, tenants } from './schema/tenancy';

/** What a slip's header is made of, selected from its tenant and outlet joined as they are now. */
export const receiptBusinessColumns = {
  tenantName: tenants.name,
  legalName: tenants.legalName,
  sstRegistrationNo: tenants.sstRegistrationNo,
  tin: tenants.tin,
  brn: tenants.brn,
  code: outlets.code,
  address: outlets.address,
  phone: outlets.phone,
};

export interface ReceiptBusinessRow {
  tenantName: string;
  legalName: string | null;
  sstRegistrationNo: string | null;
  tin: string | null;
  brn: string | null;
  code: string;
  address: string | null;
  phone: string | null;
}

export const toReceiptBusiness = (r: ReceiptBusinessRow): ReceiptBusiness => ({
  business_name: r.tenantName,
  legal_name: r.legalName,
  sst_registration_no: r.sstRegistrationNo,
  tin: r.tin,
  brn: r.brn,
  outlet_code: r.code,
  outlet_address: r.address,
  outlet_phone: r.phone,
});
