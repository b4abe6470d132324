import { useCallback, useState } from 'react';
import Box from '@mui/material/Box';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useRefreshPos } from '../api';
import type { NewCartLine } from '../cart';
import { CartPanel } from '../components/cart-panel';
import { CategoryList } from '../components/category-list';
import { CustomerDialog } from '../components/customer-dialog';
import { DiscountDialog } from '../components/discount-dialog';
import { HoldRecallDialogs } from '../components/hold-recall-dialogs';
import { NoteDialog } from '../components/note-dialog';
import { OptionsDialog } from '../components/options-dialog';
import { PosLayout, usePosLayout } from '../components/pos-layout';
import { PosBanners, PosNoOutlet, PosSpinner } from '../components/pos-notices';
import { PosTopBar } from '../components/pos-top-bar';
import { ProductGrid } from '../components/product-grid';
import { SaleDialogs } from '../components/sale-dialogs';
import { TopupDialog } from '../components/topup-dialog';
import { VoucherDialog } from '../components/voucher-dialog';
import { usePosStrings } from '../i18n';
import { useHoldRecall } from '../use-hold-recall';
import { useManualDiscount } from '../use-manual-discount';
import { needsOptionDialog } from '../options';
import { usePaymentFlow } from '../use-payment-flow';
import { usePosCart } from '../use-pos-cart';
import { usePosOutlet } from '../use-pos-outlet';
import { usePosShortcuts } from '../use-pos-shortcuts';
import { useProductPicker } from '../use-product-picker';
import { useSaleChecks } from '../use-sale-checks';
import { useServing } from '../use-serving';
import { useLiveSoldOut, useSoldOutSwitch } from '../use-sold-out';
import { useVoucher } from '../use-voucher';
import { voucherCheckInput } from '../voucher';

// SPEC §2 /pos (read pos, blank layout): category list, product grid and the order form, made for
// a busy counter on a 1024×768 touch screen. Decisions: docs/decisions/016-pos-screen.md.

export function PosPage() {
  const { t } = usePosStrings();
  const layout = usePosLayout();
  const refreshPos = useRefreshPos();
  const outlet = usePosOutlet();
  const { outletId, context, menu, saleState } = outlet;

  const pos = usePosCart(outletId);
  const { cart, dispatch } = pos;
  const serving = useServing(cart, dispatch, context);
  const checks = useSaleChecks({ ...outlet, cart, serving });
  const { clearRefused } = checks;
  const addLine = useCallback(
    (line: NewCartLine) => {
      dispatch({ type: 'add', line });
      clearRefused();
    },
    [dispatch, clearRefused],
  );
  const picker = useProductPicker({ products: outlet.products, outletId, addLine });
  const soldOutSwitch = useSoldOutSwitch(outletId);
  useLiveSoldOut(outletId);
  const voucher = useVoucher({ outletId, cart, serving, dispatch });
  const payment = usePaymentFlow({ ...outlet, pos, serving, checks, voucher });
  const holding = useHoldRecall({ pos, onCartSwapped: checks.reset });
  const discount = useManualDiscount({ cart, dispatch, context, totals: payment.parts.totals });

  const [clearAsk, setClearAsk] = useState(false);
  const [customerOpen, setCustomerOpen] = useState(false);
  const [topupOpen, setTopupOpen] = useState(false);
  const [voucherOpen, setVoucherOpen] = useState(false);
  // The line whose note is being written (by key; a key that left the cart closes the dialog).
  const [noteKey, setNoteKey] = useState<string | null>(null);
  const noteLine = cart.lines.find((l) => l.key === noteKey) ?? null;

  const anyDialog =
    picker.optionsProduct !== null ||
    payment.payOpen ||
    payment.sale.order !== null ||
    holding.anyOpen ||
    clearAsk ||
    noteLine !== null ||
    customerOpen ||
    topupOpen ||
    discount.open ||
    voucherOpen ||
    payment.askingOutside;
  usePosShortcuts(anyDialog, {
    F2: picker.focusSearch,
    F3: picker.focusBarcode,
    F4: holding.openHold,
    F8: payment.onPay,
  });

  if (outlet.outletsQuery.isPending) return <PosSpinner fullPage />;
  if (outlet.outletsQuery.isError || outlet.outlets.length === 0) {
    return (
      <PosNoOutlet
        failed={outlet.outletsQuery.isError}
        onRetry={() => void outlet.outletsQuery.refetch()}
      />
    );
  }

  const totals = payment.parts.totals;
  const voucherProblem =
    voucher.state.kind === 'checking'
      ? t('voucher.checking')
      : voucher.state.kind === 'failed'
        ? t('voucher.notChecked')
        : null;
  return (
    <Box
      data-testid="pos-page"
      sx={{
        display: 'flex',
        flexDirection: 'column',
        height: layout === 'narrow' ? 'auto' : '100vh',
        minHeight: '100vh',
        overflow: layout === 'narrow' ? undefined : 'hidden',
      }}
    >
      <PosTopBar
        outlets={outlet.outlets}
        outletId={outletId}
        onOutletChange={outlet.chooseOutlet}
        context={context}
        saleState={saleState}
        heldCount={pos.held.length}
        canHold={cart.lines.length > 0}
        onHold={holding.openHold}
        onRecall={holding.openRecall}
      />
      <PosBanners
        saleState={saleState}
        context={context}
        loadFailed={outlet.loadFailed}
        onRetry={() => outletId && void refreshPos(outletId)}
      />
      <PosLayout
        layout={layout}
        categories={
          <CategoryList
            categories={menu?.categories ?? []}
            selected={picker.categoryId}
            onSelect={picker.chooseCategory}
            wide={layout === 'wide'}
          />
        }
        products={
          outlet.menuPending && outletId ? (
            <PosSpinner />
          ) : (
            <ProductGrid {...picker.grid} soldOutSwitch={soldOutSwitch} />
          )
        }
        cart={
          <CartPanel
            cart={cart}
            dispatch={dispatch}
            context={context}
            totals={totals}
            nonCashTotal={totals && totals.rounding !== 0 ? totals.total - totals.rounding : null}
            flags={checks.flags}
            fieldProblems={checks.fieldProblems}
            onFieldBlur={checks.touch}
            payProblem={cart.lines.length === 0 ? null : (checks.payProblem ?? voucherProblem)}
            payDisabled={checks.blockedProblem !== null || discount.over || voucher.blocking}
            onPay={payment.onPay}
            onClear={() => setClearAsk(true)}
            onEditNote={setNoteKey}
            onEditOptions={(line) => {
              const product = outlet.menuIndex.get(line.product_id);
              return product && needsOptionDialog(product) ? () => picker.editLine(line) : null;
            }}
            discount={{
              label: cart.manual_discount
                ? t('discount.line', {
                    reason: t(`discount.reasons.${cart.manual_discount.reason}`),
                  })
                : null,
              over: discount.over,
              needsApproval: discount.needsApproval,
              onOpen: discount.allowed || cart.manual_discount ? discount.openDialog : null,
            }}
            voucher={{
              state: voucher.state,
              discount: voucher.discount,
              onOpen: () => setVoucherOpen(true),
              onRemove: voucher.remove,
              onRetry: voucher.retry,
            }}
            onOpenCustomer={() => setCustomerOpen(true)}
            onTopup={() => setTopupOpen(true)}
            hasPendingSale={pos.hasPendingSale && !payment.payOpen}
            {...checks.fieldRefs}
          />
        }
      />

      <OptionsDialog
        product={picker.optionsProduct}
        editing={picker.editing}
        onAdd={(line) => {
          if (picker.editing) dispatch({ type: 'change', key: picker.editing.key, line });
          else addLine(line);
          picker.closeOptions();
        }}
        onClose={picker.closeOptions}
      />
      <SaleDialogs
        flow={payment}
        saleState={saleState}
        context={context}
        onNewSale={picker.startNewSale}
      />
      <NoteDialog
        line={noteLine}
        onSave={(notes) => {
          if (noteLine) dispatch({ type: 'note', key: noteLine.key, notes });
          setNoteKey(null);
        }}
        onClose={() => setNoteKey(null)}
      />
      <HoldRecallDialogs flow={holding} />
      <DiscountDialog {...discount.dialog} />
      <VoucherDialog
        open={voucherOpen}
        inputFor={(code) => voucherCheckInput(outletId, cart, serving, code)}
        onApplied={(code) => {
          voucher.apply(code);
          setVoucherOpen(false);
        }}
        onClose={() => setVoucherOpen(false)}
      />
      <CustomerDialog
        open={customerOpen}
        onAttach={(customer) => {
          dispatch({ type: 'customer', customer });
          setCustomerOpen(false);
        }}
        onClose={() => setCustomerOpen(false)}
      />
      <TopupDialog
        customer={topupOpen && outletId ? cart.customer : null}
        outletId={outletId ?? ''}
        businessName={context?.receipt.business_name ?? ''}
        onClose={() => setTopupOpen(false)}
        onDone={(topup) => {
          // The order's customer shows what the wallet and points hold now.
          if (cart.customer?.id === topup.customer.id) {
            dispatch({
              type: 'customer',
              customer: {
                ...cart.customer,
                wallet_balance: topup.wallet_balance,
                points: topup.points_balance,
              },
            });
          }
        }}
      />
      <ConfirmDialog
        open={clearAsk}
        title={t('cart.clearTitle')}
        message={t('cart.clearMessage')}
        confirmLabel={t('cart.clear')}
        confirmColor="error"
        onConfirm={() => {
          dispatch({ type: 'clear' });
          setClearAsk(false);
          checks.reset();
        }}
        onClose={() => setClearAsk(false)}
      />
    </Box>
  );
}
