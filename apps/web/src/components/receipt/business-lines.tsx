import Box from '@mui/material/Box';
import type { ReceiptBusiness } from '@kopi/contract';
import { useReceiptStrings } from './i18n';
import { PaperCentre } from './receipt-parts';

/** Who a slip is from: the business's name and its registration numbers (BRN, SST, TIN). */
export function BusinessLines({ business }: { business: ReceiptBusiness }) {
  const { t } = useReceiptStrings();
  return (
    <>
      <PaperCentre strong>{business.business_name}</PaperCentre>
      {business.legal_name && business.legal_name !== business.business_name && (
        <PaperCentre>{business.legal_name}</PaperCentre>
      )}
      {business.brn && <PaperCentre>{t('receipt.brn', { value: business.brn })}</PaperCentre>}
      {business.sst_registration_no && (
        <PaperCentre>{t('receipt.sstNo', { value: business.sst_registration_no })}</PaperCentre>
      )}
      {business.tin && <PaperCentre>{t('receipt.tin', { value: business.tin })}</PaperCentre>}
    </>
  );
}

/** The outlet a slip is from: its name and code, address and phone. */
export function OutletLines({ business, name }: { business: ReceiptBusiness; name: string }) {
  const { t } = useReceiptStrings();
  return (
    <Box sx={{ mt: '1.5mm' }}>
      <PaperCentre>{t('receipt.outlet', { name, code: business.outlet_code })}</PaperCentre>
      {business.outlet_address && <PaperCentre>{business.outlet_address}</PaperCentre>}
      {business.outlet_phone && (
        <PaperCentre>{t('receipt.phone', { value: business.outlet_phone })}</PaperCentre>
      )}
    </Box>
  );
}
