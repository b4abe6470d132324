import { useState } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { ProductOutlet } from '@kopi/contract';
import { MoneyInput } from '../../../components/money-input';
import { formatMoney } from '../../../lib/formatters';
import { toast } from '../../../lib/toasts';
import { setProductOutlet, setProductSoldOut } from '../api';
import { useProductStrings } from '../i18n';
import { SectionCard } from '../../../components/section-card';
import { SimpleTable } from '../../../components/data-table/simple-table';

/** A row's switch, named for its outlet (the column header alone does not say which row). */
const switchInput = (label: string, testId: string) => ({
  input: { 'aria-label': label, 'data-testid': testId } as object,
});

function OutletRow({
  productId,
  initial,
  price,
  mayUpdate,
  maySoldOut,
  onChanged,
}: {
  productId: string;
  initial: ProductOutlet;
  price: number;
  mayUpdate: boolean;
  maySoldOut: boolean;
  onChanged: () => void;
}) {
  const { t, ts } = useProductStrings();
  const [row, setRow] = useState(initial);
  const [override, setOverride] = useState<number | null>(initial.price_override);
  const [busy, setBusy] = useState<'available' | 'price' | 'soldOut' | null>(null);
  const outlet = row.outlet_name;

  const save = async (
    what: 'available' | 'price' | 'soldOut',
    call: () => Promise<ProductOutlet>,
    message: string,
    optimistic?: Partial<ProductOutlet>,
  ) => {
    const before = row;
    // Switches move at once (one tap); a refusal puts them back.
    if (optimistic) setRow({ ...row, ...optimistic });
    setBusy(what);
    try {
      const next = await call();
      setRow(next);
      setOverride(next.price_override);
      toast.success(message);
      onChanged();
    } catch {
      setRow(before);
      setOverride(before.price_override);
    } finally {
      setBusy(null);
    }
  };

  const priceChanged = override !== row.price_override;
  return (
    <TableRow data-testid="product-outlet-row" data-outlet={outlet}>
      <TableCell>
        <Typography sx={{ fontWeight: 500 }}>{outlet}</Typography>
      </TableCell>
      <TableCell>
        <Switch
          checked={row.available}
          disabled={!mayUpdate || busy !== null}
          onChange={(e) => {
            const available = e.target.checked;
            void save(
              'available',
              () =>
                setProductOutlet(productId, row.outlet_id, {
                  available,
                  price_override: row.price_override,
                }),
              t('form.outletSaved', { outlet }),
              { available },
            );
          }}
          slotProps={switchInput(t('form.availableAt', { outlet }), 'outlet-available')}
        />
      </TableCell>
      <TableCell sx={{ minWidth: 220 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
          <MoneyInput
            size="small"
            value={override}
            onChange={setOverride}
            disabled={!mayUpdate || busy !== null}
            helperText={t('form.priceOverrideHint', { price: formatMoney(price) })}
            slotProps={{ htmlInput: { 'aria-label': t('form.priceAt', { outlet }) } }}
            sx={{ width: 160 }}
          />
          {priceChanged && (
            <Button
              size="small"
              variant="contained"
              loading={busy === 'price'}
              onClick={() =>
                void save(
                  'price',
                  () =>
                    setProductOutlet(productId, row.outlet_id, {
                      available: row.available,
                      price_override: override,
                    }),
                  t('form.outletSaved', { outlet }),
                )
              }
              aria-label={t('form.savePrice', { outlet })}
              sx={{ mt: 0.5 }}
            >
              {ts('common.save')}
            </Button>
          )}
        </Stack>
      </TableCell>
      <TableCell>
        <Switch
          color="warning"
          checked={row.sold_out_today}
          disabled={!maySoldOut || busy !== null}
          onChange={(e) => {
            const soldOut = e.target.checked;
            void save(
              'soldOut',
              () => setProductSoldOut(productId, row.outlet_id, soldOut),
              soldOut ? t('form.markedSoldOut', { outlet }) : t('form.backInStock', { outlet }),
              { sold_out_today: soldOut },
            );
          }}
          slotProps={switchInput(t('form.soldOutAt', { outlet }), 'outlet-sold-out')}
        />
      </TableCell>
    </TableRow>
  );
}

/** Per-outlet availability, price override and the one-tap "sold out today" switch. */
export function ProductOutlets({
  productId,
  outlets,
  price,
  mayUpdate,
  maySoldOut,
  onChanged,
}: {
  productId: string | null;
  outlets: ProductOutlet[];
  price: number;
  mayUpdate: boolean;
  maySoldOut: boolean;
  onChanged: () => void;
}) {
  const { t } = useProductStrings();
  return (
    <SectionCard
      id="product-outlets-title"
      title={t('form.outlets')}
      subheader={t('form.outletsHint')}
    >
      {!productId ? (
        <Typography color="text.secondary">{t('form.outletsAfterSave')}</Typography>
      ) : outlets.length === 0 ? (
        <Typography color="text.secondary">{t('form.noOutletsYet')}</Typography>
      ) : (
        <SimpleTable
          aria-label={t('form.outlets')}
          data-testid="product-outlets"
          cells={[
            t('form.outlet'),
            t('form.available'),
            t('form.priceOverride'),
            t('form.soldOutToday'),
          ]}
        >
          {outlets.map((o) => (
            <OutletRow
              key={o.outlet_id}
              productId={productId}
              initial={o}
              price={price}
              mayUpdate={mayUpdate}
              maySoldOut={maySoldOut}
              onChanged={onChanged}
            />
          ))}
        </SimpleTable>
      )}
    </SectionCard>
  );
}
