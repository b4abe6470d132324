import { useState } from 'react';
import Button from '@mui/material/Button';
import CurrencyExchange from '@mui/icons-material/CurrencyExchange';
import type { ReceiptMatch } from '@kopi/contract';
import { useCan } from '../../../lib/can-context';
import { usePosRefundStrings } from '../i18n-refund';
import { RefundCounterDialog } from './refund-counter-dialog';
import { RefundFindDialog } from './refund-find-dialog';

/**
 * The POS's "Refund": find the receipt (scanned or typed), then refund it at the counter. Needs
 * the till's own permission and reading orders (what a receipt can still give back).
 */
export function PosRefundButton({ outletId }: { outletId: string | null }) {
  const { t } = usePosRefundStrings();
  const can = useCan();
  const [finding, setFinding] = useState(false);
  const [chosen, setChosen] = useState<ReceiptMatch | null>(null);
  if (!outletId || !can('create', 'pos') || !can('read', 'order')) return null;
  return (
    <>
      <Button
        // The bar's other buttons' colour: the warning amber on white is too faint to read (WCAG AA).
        variant="outlined"
        startIcon={<CurrencyExchange />}
        onClick={() => setFinding(true)}
        sx={{ minHeight: 48 }}
        data-testid="pos-refund"
      >
        {t('button')}
      </Button>
      <RefundFindDialog
        open={finding}
        outletId={outletId}
        onClose={() => setFinding(false)}
        onChoose={(match) => {
          setFinding(false);
          setChosen(match);
        }}
      />
      <RefundCounterDialog
        outletId={outletId}
        match={chosen}
        onClose={() => setChosen(null)}
        onDone={() => setChosen(null)}
      />
    </>
  );
}
