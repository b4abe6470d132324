import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import type { Refundable } from '@kopi/contract';
import { formatMoney } from '../../../lib/formatters';
import { useLocalizedName } from '../../../lib/localized-name';
import { useRefundStrings } from '../i18n';

/** The order's items that may still be refunded, each with the quantity to refund. */
export function RefundItemsField({
  items,
  quantities,
  onChange,
}: {
  items: Refundable['items'];
  quantities: Record<string, number>;
  onChange: (itemId: string, quantity: number) => void;
}) {
  const { t } = useRefundStrings();
  const nameOf = useLocalizedName();
  return (
    <Table size="small" aria-label={t('dialog.itemsTable')} data-testid="refund-dialog-items">
      <TableHead>
        <TableRow>
          <TableCell>{t('dialog.item')}</TableCell>
          <TableCell align="right">{t('dialog.left')}</TableCell>
          <TableCell align="right">{t('dialog.each')}</TableCell>
          <TableCell align="right" sx={{ width: 110 }} />
        </TableRow>
      </TableHead>
      <TableBody>
        {items
          .filter((item) => item.refundable_quantity > 0)
          .map((item) => (
            <TableRow key={item.order_item_id}>
              <TableCell>{nameOf(item.name, item.name_my)}</TableCell>
              <TableCell align="right">{item.refundable_quantity}</TableCell>
              <TableCell align="right">{formatMoney(item.unit_amount)}</TableCell>
              <TableCell align="right">
                <TextField
                  type="number"
                  size="small"
                  value={quantities[item.order_item_id] ?? 0}
                  onChange={(e) => {
                    const n = Math.trunc(Number(e.target.value));
                    const quantity = Number.isFinite(n) ? n : 0;
                    onChange(
                      item.order_item_id,
                      Math.min(Math.max(quantity, 0), item.refundable_quantity),
                    );
                  }}
                  slotProps={{
                    htmlInput: {
                      min: 0,
                      max: item.refundable_quantity,
                      'aria-label': t('dialog.quantity', { name: nameOf(item.name, item.name_my) }),
                      'data-testid': `refund-quantity-${item.order_item_id}`,
                    },
                  }}
                />
              </TableCell>
            </TableRow>
          ))}
      </TableBody>
    </Table>
  );
}
