import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import type { Refundable } from '@kopi/contract';
import { SimpleTable } from '../../../components/data-table/simple-table';
import { useLocalizedName } from '../../../lib/localized-name';
import { useRefundStrings } from '../i18n';
import { MoneyCell } from '../../../components/data-table/money-cell';

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
    // On a phone each item is a stack of lines, its quantity box the last: a row of four columns
    // cut the box off the dialog.
    <SimpleTable
      size="small"
      aria-label={t('dialog.itemsTable')}
      data-testid="refund-dialog-items"
      cells={[
        t('dialog.item'),
        { label: t('dialog.left'), align: 'right' },
        { label: t('dialog.each'), align: 'right' },
        { label: t('details.quantity'), align: 'right' },
      ]}
    >
      {items
        .filter((item) => item.refundable_quantity > 0)
        .map((item) => (
          <TableRow key={item.order_item_id}>
            <TableCell>{nameOf(item.name, item.name_my)}</TableCell>
            <TableCell align="right">{item.refundable_quantity}</TableCell>
            <MoneyCell sen={item.unit_amount} />
            <TableCell align="right">
              <TextField
                type="number"
                size="small"
                sx={{ width: 96 }}
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
    </SimpleTable>
  );
}
