import { useMemo } from 'react';
import Box from '@mui/material/Box';
import QRCode from 'qrcode';
import { receiptCode } from '@kopi/contract';
import { PaperCentre } from './receipt-parts';

/** The QR code's dark modules as one SVG path, one unit a module, inside a 4-module quiet zone. */
export function qrPath(text: string): { size: number; path: string } {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const quiet = 4;
  let path = '';
  for (let row = 0; row < modules.size; row++) {
    for (let col = 0; col < modules.size; col++) {
      if (modules.get(row, col)) path += `M${col + quiet} ${row + quiet}h1v1h-1z`;
    }
  }
  return { size: modules.size + quiet * 2, path };
}

/**
 * The receipt's code (its business day and number, `20261129-KL01-0012`) as a QR code with the
 * code written under it: the POS's refund finds the receipt by scanning it, or by typing it.
 */
export function ReceiptCode({
  order,
  label,
}: {
  order: { order_no: string; business_date: string };
  label: string;
}) {
  const code = receiptCode(order);
  const qr = useMemo(() => qrPath(code), [code]);
  return (
    <Box data-testid="receipt-code" data-code={code} sx={{ mt: '2mm' }}>
      <Box
        component="svg"
        viewBox={`0 0 ${qr.size} ${qr.size}`}
        role="img"
        aria-label={label}
        shapeRendering="crispEdges"
        sx={{ display: 'block', mx: 'auto', width: '24mm', height: '24mm' }}
      >
        <rect width={qr.size} height={qr.size} fill="#fff" />
        <path d={qr.path} fill="#000" />
      </Box>
      <PaperCentre>{code}</PaperCentre>
    </Box>
  );
}
