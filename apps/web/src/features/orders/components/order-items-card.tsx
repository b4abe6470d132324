import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { Order } from '@kopi/contract';
import { formatMoney } from '../../../lib/formatters';
import { useLocalizedName } from '../../../lib/localized-name';
import { itemUnitPrice } from '../format';
import { useOrderStrings } from '../i18n';
import { OrderTableCard } from './order-table-card';
import { MoneyCell } from '../../../components/data-table/money-cell';

const priceSuffix = (price: number, signed: boolean) =>
  price !== 0 && ` (${signed && price > 0 ? '+' : ''}${formatMoney(price)})`;

/** What was ordered: each item with its options, add-ons and note, and its amounts. */
export function OrderItemsCard({ order }: { order: Order }) {
  const { t } = useOrderStrings();
  const nameOf = useLocalizedName();
  return (
    <OrderTableCard
      title={t('details.items')}
      tableLabel={t('details.itemsTable')}
      columns={[
        { label: t('details.item') },
        { label: t('details.quantity'), right: true },
        { label: t('details.unitPrice'), right: true },
        { label: t('details.amount'), right: true },
      ]}
    >
      {order.items.map((item) => (
        <TableRow key={item.id} data-testid="order-item">
          <TableCell>
            <Typography sx={{ fontWeight: 500 }}>{nameOf(item.name, item.name_my)}</Typography>
            {item.options.map((o, i) => (
              <Typography key={`${i}:${o.group}`} variant="body2" color="text.secondary">
                {nameOf(o.group, o.group_my)}: {nameOf(o.name, o.name_my)}
                {priceSuffix(o.price, true)}
              </Typography>
            ))}
            {item.addons.map((a, i) => (
              <Typography key={`${i}:${a.name}`} variant="body2" color="text.secondary">
                + {nameOf(a.name, a.name_my)}
                {priceSuffix(a.price, false)}
              </Typography>
            ))}
            {item.notes && (
              <Typography variant="body2" sx={{ fontStyle: 'italic' }}>
                {t('details.note', { note: item.notes })}
              </Typography>
            )}
          </TableCell>
          <TableCell align="right">{item.quantity}</TableCell>
          <MoneyCell sen={itemUnitPrice(item)} />
          <MoneyCell sen={item.line_total} />
        </TableRow>
      ))}
    </OrderTableCard>
  );
}
