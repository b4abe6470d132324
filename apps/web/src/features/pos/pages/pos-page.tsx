import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import useMediaQuery from '@mui/material/useMediaQuery';
import {
  orderCreateSchema,
  type Order,
  type PosMenuProduct,
  type ServingMethod,
} from '@kopi/contract';
import { Link as RouterLink } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { storageKey } from '../../../lib/app-config';
import { formatDate, formatDateTime } from '../../../lib/formatters';
import { HttpError } from '../../../lib/http/http-client';
import { translateValidation } from '../../../lib/i18n/i18n';
import { toast } from '../../../lib/toasts';
import { postSale, usePosContext, usePosMenu, usePosOutlets, useRefreshPos } from '../api';
import { type CartField, type HeldCart, type NewCartLine } from '../cart';
import { findByCode, visibleProducts } from '../catalogue';
import { CartPanel, type FieldProblems, type LineFlag } from '../components/cart-panel';
import { CategoryList } from '../components/category-list';
import { HoldDialog, RecallDialog } from '../components/hold-dialogs';
import { NoteDialog } from '../components/note-dialog';
import { OptionsDialog } from '../components/options-dialog';
import { PaymentDialog, type SendStatus } from '../components/payment-dialog';
import { PosTopBar } from '../components/pos-top-bar';
import { ProductGrid, type ScanMessage } from '../components/product-grid';
import { ReceiptDialog } from '../components/receipt-dialog';
import { usePosStrings } from '../i18n';
import { blocksSales, needsOutsideHoursConfirm, outletSaleState } from '../outlet-state';
import { needsOptionDialog, toCartLine, emptySelection, unsellableReason } from '../options';
import {
  entryToPart,
  isAllCash,
  issueSubject,
  newEntry,
  paymentView,
  saleBody,
  saleTotals,
  type PaymentEntry,
  type PaymentPart,
} from '../payment';
import {
  isTransient,
  refusedLineIndexes,
  retryDelaysMs,
  SaleUnconfirmedError,
  submitSale,
} from '../submit-sale';
import { usePosCart } from '../use-pos-cart';

// SPEC §2 /pos (read pos, blank layout): category list, product grid and the order form, made for
// a busy counter on a 1024×768 touch screen. Decisions: docs/decisions/016-pos-screen.md.

const OUTLET_KEY = storageKey('pos-outlet');
const SCAN_MESSAGE_MS = 4_000;

function readStoredOutlet(): string | null {
  try {
    return window.localStorage.getItem(OUTLET_KEY);
  } catch {
    return null;
  }
}

/** The counter's usual way first: take-away, then whatever the outlet offers. */
const defaultServing = (methods: readonly ServingMethod[]): ServingMethod | null =>
  methods.includes('pick_up') ? 'pick_up' : (methods[0] ?? null);

const phoneSchema = orderCreateSchema.shape.customer_phone;

interface PaymentState {
  /** The cart version these payments belong to: a changed cart starts them over. */
  version: number;
  parts: PaymentPart[];
  entry: PaymentEntry;
}

export function PosPage() {
  const { t } = usePosStrings();
  // ≥ 1024 px: categories | products | cart. From 720 px: categories in a row above the products,
  // the cart beside them. Narrower: everything stacked and the page scrolls.
  const wide = useMediaQuery('(min-width:1024px)', { noSsr: true });
  const sideCart = useMediaQuery('(min-width:720px)', { noSsr: true });
  const layout = wide ? 'wide' : sideCart ? 'medium' : 'narrow';
  const refreshPos = useRefreshPos();

  // ---- Outlet, its context and menu ----
  const outletsQuery = usePosOutlets();
  const outlets = useMemo(() => outletsQuery.data ?? [], [outletsQuery.data]);
  const [outletChoice, setOutletChoice] = useState<string | null>(readStoredOutlet);
  const outletId =
    outlets.find((o) => o.id === outletChoice)?.id ??
    (outlets.find((o) => o.status === 'active') ?? outlets[0])?.id ??
    null;
  const chooseOutlet = (id: string) => {
    setOutletChoice(id);
    try {
      window.localStorage.setItem(OUTLET_KEY, id);
    } catch {
      // Remembering the outlet is a convenience only.
    }
  };
  const contextQuery = usePosContext(outletId);
  const menuQuery = usePosMenu(outletId);
  const context = contextQuery.data?.outlet.id === outletId ? contextQuery.data : undefined;
  const menu = menuQuery.data;
  const products = useMemo(() => menu?.products ?? [], [menu]);
  const menuIndex = useMemo(() => new Map(products.map((p) => [p.id, p])), [products]);
  const saleState = context ? outletSaleState(context.outlet) : null;

  // ---- Cart ----
  const pos = usePosCart(outletId);
  const { cart, dispatch } = pos;
  const servingMethods = useMemo(() => context?.outlet.serving_methods ?? [], [context]);
  const serving =
    cart.serving_method && servingMethods.includes(cart.serving_method)
      ? cart.serving_method
      : defaultServing(servingMethods);
  useEffect(() => {
    if (serving && serving !== cart.serving_method) dispatch({ type: 'serving', method: serving });
  }, [serving, cart.serving_method, dispatch]);

  // ---- Catalogue ----
  const [categoryId, setCategoryId] = useState<string | null>(null);
  const [query, setQuery] = useState('');
  const [barcode, setBarcode] = useState('');
  const [scan, setScan] = useState<ScanMessage | null>(null);
  const [optionsProduct, setOptionsProduct] = useState<PosMenuProduct | null>(null);
  const searchRef = useRef<HTMLInputElement>(null);
  const barcodeRef = useRef<HTMLInputElement>(null);
  const shown = useMemo(
    () => visibleProducts(products, categoryId, query),
    [products, categoryId, query],
  );
  useEffect(() => {
    if (!scan) return;
    const timer = setTimeout(() => setScan(null), SCAN_MESSAGE_MS);
    return () => clearTimeout(timer);
  }, [scan]);

  const addLine = useCallback(
    (line: NewCartLine) => {
      dispatch({ type: 'add', line });
      setRefusedKeys(new Set());
    },
    [dispatch],
  );

  const pick = (product: PosMenuProduct, scanned = false) => {
    const reason = unsellableReason(product);
    if (reason) {
      setScan({
        kind: 'unsellable',
        text: t('catalogue.cannotSell', {
          name: product.name,
          reason: reason === 'soldOut' ? t('catalogue.soldOut') : t('catalogue.unavailable'),
        }),
      });
      return;
    }
    if (needsOptionDialog(product)) {
      setOptionsProduct(product);
      return;
    }
    addLine(toCartLine(product, emptySelection, 1, ''));
    if (scanned)
      setScan({ kind: 'added', text: t('catalogue.barcodeAdded', { name: product.name }) });
  };

  const onBarcodeEnter = () => {
    const code = barcode.trim();
    if (!code) return;
    setBarcode('');
    const found = findByCode(products, code);
    if (!found) setScan({ kind: 'notFound', text: t('catalogue.barcodeNotFound', { code }) });
    else pick(found, true);
  };

  // ---- Problems that stop a sale ----
  const [touched, setTouched] = useState<ReadonlySet<CartField>>(new Set());
  const [refusedKeys, setRefusedKeys] = useState<ReadonlySet<string>>(new Set());
  const flags = useMemo(() => {
    const map = new Map<string, LineFlag>();
    for (const line of cart.lines) {
      const product = menuIndex.get(line.product_id);
      if (menu && (!product || !product.available)) map.set(line.key, 'unavailable');
      else if (product?.sold_out) map.set(line.key, 'soldOut');
      else if (refusedKeys.has(line.key)) map.set(line.key, 'refused');
    }
    return map;
  }, [cart.lines, menu, menuIndex, refusedKeys]);
  const unsellableLines = [...flags.values()].some((f) => f !== 'refused');

  const allFieldProblems: FieldProblems = {};
  if (serving === 'dine_in' && !cart.table_no.trim())
    allFieldProblems.table_no = t('problems.tableRequired');
  if (serving === 'delivery' && !cart.delivery_address.trim())
    allFieldProblems.delivery_address = t('problems.addressRequired');
  const phone = cart.customer_phone.replace(/[\s-]/g, '');
  if (phone && !phoneSchema.safeParse(phone).success)
    allFieldProblems.customer_phone = t('problems.phoneInvalid');
  const fieldProblems: FieldProblems = Object.fromEntries(
    Object.entries(allFieldProblems).filter(([k]) => touched.has(k as CartField)),
  );

  const blockedProblem =
    !context || !menu
      ? t('problems.loading')
      : cart.lines.length === 0
        ? t('problems.emptyCart')
        : saleState === 'dayClosed'
          ? t('problems.dayClosed')
          : saleState && blocksSales(saleState)
            ? t('problems.notTaking')
            : !serving
              ? t('problems.noServing')
              : unsellableLines
                ? t('problems.unsellable')
                : null;
  const payProblem =
    blockedProblem ??
    allFieldProblems.table_no ??
    allFieldProblems.delivery_address ??
    allFieldProblems.customer_phone ??
    null;

  // ---- Payment ----
  const [payOpen, setPayOpen] = useState(false);
  const [paymentState, setPaymentState] = useState<PaymentState>({
    version: -1,
    parts: [],
    entry: newEntry(),
  });
  const payment: PaymentState =
    paymentState.version === cart.version
      ? paymentState
      : { version: cart.version, parts: [], entry: newEntry() };
  const updatePayment = (changes: Partial<Omit<PaymentState, 'version'>>) =>
    setPaymentState({ ...payment, ...changes });
  const price = useCallback(
    (cash: boolean) =>
      context && serving ? saleTotals(cart, serving, context, menuIndex, cash) : null,
    [cart, serving, context, menuIndex],
  );
  const paidInCash = isAllCash([...payment.parts.map((p) => p.method), payment.entry.method]);
  const totals = price(paidInCash);
  const view =
    context && serving ? paymentView(payment.parts, payment.entry, (cash) => price(cash)!) : null;
  const [status, setStatus] = useState<SendStatus>({ kind: 'idle' });
  const [allowOutside, setAllowOutside] = useState(false);
  const [outsideAsk, setOutsideAsk] = useState<null | 'pay' | 'resend'>(null);
  const [order, setOrder] = useState<Order | null>(null);
  const sending = useRef(false);

  useEffect(() => {
    // Another outlet: its own hours and its own confirmation.
    setAllowOutside(false);
    setCategoryId(null);
    setRefusedKeys(new Set());
  }, [outletId]);

  const tableRef = useRef<HTMLInputElement>(null);
  const addressRef = useRef<HTMLInputElement>(null);
  const phoneRef = useRef<HTMLInputElement>(null);

  const openPayment = () => {
    if (status.kind !== 'unconfirmed') setStatus({ kind: 'idle' });
    setPayOpen(true);
  };

  const onPay = () => {
    if (blockedProblem) return;
    setTouched(new Set(['table_no', 'delivery_address', 'customer_phone']));
    if (allFieldProblems.table_no) return tableRef.current?.focus();
    if (allFieldProblems.delivery_address) return addressRef.current?.focus();
    if (allFieldProblems.customer_phone) return phoneRef.current?.focus();
    if (saleState && needsOutsideHoursConfirm(saleState) && !allowOutside) {
      setOutsideAsk('pay');
      return;
    }
    openPayment();
  };

  const confirmPayment = async (outside = allowOutside) => {
    if (!view?.canConfirm || !outletId || !serving || sending.current) return;
    const body = saleBody(outletId, { ...cart, serving_method: serving }, view.payments, outside);
    const checked = orderCreateSchema.safeParse(body);
    if (!checked.success) {
      const fieldLabels = {
        table_no: t('cart.tableNo'),
        delivery_address: t('cart.address'),
        customer_phone: t('cart.phone'),
        customer_name: t('cart.customerName'),
      };
      const messages = checked.error.issues.map((i) => {
        const message = translateValidation(i.message) ?? i.message;
        const subject = issueSubject(
          i.path,
          { lines: cart.lines, payments: body.payments },
          { field: (f) => fieldLabels[f], method: (m) => t(`payment.methods.${m}`) },
        );
        return subject ? t('payment.refusedLine', { name: subject, message }) : message;
      });
      setStatus({ kind: 'refused', messages: [...new Set(messages)] });
      return;
    }
    const key = pos.saleKey();
    sending.current = true;
    setStatus({ kind: 'sending' });
    try {
      const recorded = await submitSale(body, key, {
        post: postSale,
        sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
        onRetry: (attempt) =>
          setStatus({ kind: 'retrying', attempt, total: retryDelaysMs.length + 1 }),
      });
      setOrder(recorded);
      dispatch({ type: 'clear' });
      setPayOpen(false);
      setStatus({ kind: 'idle' });
      setAllowOutside(false);
      setTouched(new Set());
      setRefusedKeys(new Set());
      void refreshPos(outletId);
    } catch (error) {
      if (error instanceof SaleUnconfirmedError || !(error instanceof HttpError)) {
        // No answer: the key stays, so Retry replays the sale instead of repeating it.
        setStatus({ kind: 'unconfirmed' });
        return;
      }
      if (error.status === 401) {
        // The client is taking the cashier to sign in; the cart and the sale key are saved.
        setStatus({ kind: 'unconfirmed' });
        return;
      }
      if (isTransient(error)) {
        setStatus({ kind: 'unconfirmed' });
        return;
      }
      // The server answered: nothing was recorded under this key, so the next try is a new request.
      pos.dropSaleKey();
      const code = error.codeMessage;
      if (code === 'outlet_closed') {
        setStatus({ kind: 'idle' });
        setOutsideAsk('resend');
        return;
      }
      if (code === 'order_already_exists' || code === 'idempotency_key_reused') {
        setStatus({ kind: 'refused', messages: [t('payment.alreadyRecorded')] });
        return;
      }
      const indexes = refusedLineIndexes(error);
      const lines = indexes.map((i) => cart.lines[i]).filter((l) => l !== undefined);
      setRefusedKeys(new Set(lines.map((l) => l.key)));
      setStatus({
        kind: 'refused',
        messages:
          lines.length > 0
            ? lines.map((l) => t('payment.refusedLine', { name: l.name, message: error.message }))
            : [error.message],
      });
      // Sold out, availability, hours or a closed day changed: read them again.
      void refreshPos(outletId);
    } finally {
      sending.current = false;
    }
  };

  // ---- Hold and recall ----
  const [holdOpen, setHoldOpen] = useState(false);
  const [recallOpen, setRecallOpen] = useState(false);
  const [replaceAsk, setReplaceAsk] = useState<HeldCart | null>(null);
  const [deleteAsk, setDeleteAsk] = useState<HeldCart | null>(null);
  const [clearAsk, setClearAsk] = useState(false);
  // The line whose note is being written (by key; a key that left the cart closes the dialog).
  const [noteKey, setNoteKey] = useState<string | null>(null);
  const noteLine = cart.lines.find((l) => l.key === noteKey) ?? null;
  const suggestedLabel = cart.table_no.trim()
    ? t('hold.tableLabel', { table: cart.table_no.trim() })
    : cart.customer_name.trim() ||
      t('hold.defaultLabel', { time: formatDateTime(new Date()).slice(11, 16) });
  const openHold = () => {
    if (cart.lines.length === 0) {
      toast.info(t('hold.emptyCart'));
      return;
    }
    setHoldOpen(true);
  };
  const doRecall = (h: HeldCart) => {
    setReplaceAsk(null);
    setRecallOpen(false);
    if (pos.recall(h.id)) {
      setTouched(new Set());
      setRefusedKeys(new Set());
      toast.success(t('recall.recalled', { label: h.label }));
    } else toast.warning(t('recall.gone'));
  };

  // ---- Keyboard: F-keys work anywhere (not behind an open dialog) ----
  const anyDialog =
    optionsProduct !== null ||
    payOpen ||
    order !== null ||
    holdOpen ||
    recallOpen ||
    replaceAsk !== null ||
    deleteAsk !== null ||
    clearAsk ||
    noteLine !== null ||
    outsideAsk !== null;
  const keys = useRef({ anyDialog, openHold, onPay });
  keys.current = { anyDialog, openHold, onPay };
  useEffect(() => {
    const onKeyDown = (e: KeyboardEvent) => {
      const actions: Record<string, () => void> = {
        F2: () => searchRef.current?.focus(),
        F3: () => barcodeRef.current?.focus(),
        F4: () => keys.current.openHold(),
        F8: () => keys.current.onPay(),
      };
      const action = actions[e.key];
      if (!action || e.altKey || e.ctrlKey || e.metaKey) return;
      e.preventDefault();
      if (!keys.current.anyDialog) action();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);

  // ---- Screens ----
  if (outletsQuery.isPending) {
    return (
      <Box sx={{ display: 'grid', placeItems: 'center', minHeight: '100vh' }}>
        <CircularProgress aria-label={t('problems.loading')} />
      </Box>
    );
  }
  if (outletsQuery.isError || outlets.length === 0) {
    return (
      <Box sx={{ display: 'grid', placeItems: 'center', minHeight: '100vh', p: 2 }}>
        <Alert
          severity={outletsQuery.isError ? 'error' : 'info'}
          action={
            outletsQuery.isError ? (
              <Button color="inherit" onClick={() => void outletsQuery.refetch()}>
                {t('bar.retry')}
              </Button>
            ) : undefined
          }
        >
          {outletsQuery.isError ? t('bar.loadFailed') : t('bar.noOutlets')}
          <Box sx={{ mt: 1 }}>
            <Button component={RouterLink} to="/dashboard" variant="outlined" size="small">
              {t('bar.dashboard')}
            </Button>
          </Box>
        </Alert>
      </Box>
    );
  }

  const businessDate = context ? formatDate(`${context.outlet.business_date}T12:00:00Z`) : '';
  const banner =
    saleState === 'dayClosed'
      ? { severity: 'error' as const, text: t('state.dayClosedHint', { date: businessDate }) }
      : saleState === 'paused' || saleState === 'disabled'
        ? { severity: 'error' as const, text: t('state.pausedHint') }
        : saleState === 'closedNow' || saleState === 'lastOrders'
          ? { severity: 'warning' as const, text: t('state.closedHint') }
          : null;
  const loadFailed = contextQuery.isError || menuQuery.isError;

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
        outlets={outlets}
        outletId={outletId}
        onOutletChange={chooseOutlet}
        context={context}
        saleState={saleState}
        heldCount={pos.held.length}
        canHold={cart.lines.length > 0}
        onHold={openHold}
        onRecall={() => setRecallOpen(true)}
      />
      {banner && (
        <Alert
          severity={banner.severity}
          sx={{ borderRadius: 0, py: 0 }}
          data-testid="pos-outlet-banner"
        >
          {banner.text}
        </Alert>
      )}
      {loadFailed && (
        <Alert
          severity="error"
          sx={{ borderRadius: 0, py: 0 }}
          action={
            <Button color="inherit" onClick={() => outletId && void refreshPos(outletId)}>
              {t('bar.retry')}
            </Button>
          }
        >
          {t('bar.loadFailed')}
        </Alert>
      )}
      <Box
        sx={{
          flex: 1,
          minHeight: 0,
          display: 'grid',
          ...{
            wide: {
              gridTemplateColumns: '168px minmax(0, 1fr) 380px',
              gridTemplateAreas: '"cats products cart"',
            },
            medium: {
              gridTemplateColumns: 'minmax(0, 1fr) 340px',
              gridTemplateRows: 'auto minmax(0, 1fr)',
              gridTemplateAreas: '"cats cart" "products cart"',
            },
            narrow: {
              gridTemplateColumns: 'minmax(0, 1fr)',
              gridTemplateAreas: '"cats" "products" "cart"',
            },
          }[layout],
        }}
      >
        <Box
          sx={{
            gridArea: 'cats',
            borderRight: wide ? 1 : 0,
            borderBottom: wide ? 0 : 1,
            borderColor: 'divider',
            minHeight: 0,
            minWidth: 0,
            display: 'flex',
            flexDirection: 'column',
          }}
        >
          <CategoryList
            categories={menu?.categories ?? []}
            selected={categoryId}
            onSelect={(id) => {
              setCategoryId(id);
              setQuery('');
            }}
            wide={wide}
          />
        </Box>
        <Box
          sx={{
            gridArea: 'products',
            minHeight: layout === 'narrow' ? 320 : 0,
            display: 'flex',
            flexDirection: 'column',
          }}
        >
          {menuQuery.isPending && outletId ? (
            <Box sx={{ display: 'grid', placeItems: 'center', flex: 1 }}>
              <CircularProgress aria-label={t('problems.loading')} />
            </Box>
          ) : (
            <ProductGrid
              products={shown}
              query={query}
              onQueryChange={setQuery}
              barcode={barcode}
              onBarcodeChange={setBarcode}
              onBarcodeEnter={onBarcodeEnter}
              scanMessage={scan}
              onPick={(p) => pick(p)}
              searchRef={searchRef}
              barcodeRef={barcodeRef}
            />
          )}
        </Box>
        <Box
          sx={{
            gridArea: 'cart',
            borderLeft: layout === 'narrow' ? 0 : 1,
            borderTop: layout === 'narrow' ? 1 : 0,
            borderColor: 'divider',
            bgcolor: 'background.paper',
            minHeight: 0,
          }}
        >
          <CartPanel
            cart={cart}
            dispatch={dispatch}
            context={context}
            totals={totals}
            nonCashTotal={totals && totals.rounding !== 0 ? totals.total - totals.rounding : null}
            flags={flags}
            fieldProblems={fieldProblems}
            onFieldBlur={(f) => setTouched((s) => new Set(s).add(f))}
            payProblem={cart.lines.length === 0 ? null : payProblem}
            payDisabled={blockedProblem !== null}
            onPay={onPay}
            onClear={() => setClearAsk(true)}
            onEditNote={setNoteKey}
            hasPendingSale={pos.hasPendingSale && !payOpen}
            tableRef={tableRef}
            addressRef={addressRef}
            phoneRef={phoneRef}
          />
        </Box>
      </Box>

      <OptionsDialog
        product={optionsProduct}
        onAdd={(line) => {
          addLine(line);
          setOptionsProduct(null);
        }}
        onClose={() => setOptionsProduct(null)}
      />
      <PaymentDialog
        open={payOpen}
        view={view}
        parts={payment.parts}
        entry={payment.entry}
        onEntryChange={(entry) => updatePayment({ entry })}
        onAddPart={() => {
          if (!view?.canAddPart) return;
          updatePayment({
            parts: [...payment.parts, entryToPart(payment.entry, view.amount)],
            entry: newEntry(payment.entry.method === 'cash' ? 'card' : payment.entry.method),
          });
        }}
        onRemovePart={(i) => updatePayment({ parts: payment.parts.filter((_, j) => j !== i) })}
        status={status}
        outsideHours={allowOutside}
        onConfirm={() => void confirmPayment()}
        onClose={() => setPayOpen(false)}
      />
      <ReceiptDialog
        order={order}
        onNewSale={() => {
          setOrder(null);
          setQuery('');
          setTimeout(() => searchRef.current?.focus(), 0);
        }}
      />
      <NoteDialog
        line={noteLine}
        onSave={(notes) => {
          if (noteLine) dispatch({ type: 'note', key: noteLine.key, notes });
          setNoteKey(null);
        }}
        onClose={() => setNoteKey(null)}
      />
      <HoldDialog
        open={holdOpen}
        suggested={suggestedLabel}
        onHold={(label) => {
          pos.hold(label);
          setHoldOpen(false);
          setTouched(new Set());
          setRefusedKeys(new Set());
          toast.success(t('hold.held', { label }));
        }}
        onClose={() => setHoldOpen(false)}
      />
      <RecallDialog
        open={recallOpen}
        held={pos.held}
        onRecall={(h) => (cart.lines.length > 0 ? setReplaceAsk(h) : doRecall(h))}
        onDelete={setDeleteAsk}
        onClose={() => setRecallOpen(false)}
      />
      <ConfirmDialog
        open={replaceAsk !== null}
        title={t('recall.replaceTitle')}
        message={t('recall.replaceMessage', { label: replaceAsk?.label ?? '' })}
        confirmLabel={t('recall.replace')}
        confirmColor="warning"
        onConfirm={() => replaceAsk && doRecall(replaceAsk)}
        onClose={() => setReplaceAsk(null)}
      />
      <ConfirmDialog
        open={deleteAsk !== null}
        title={t('recall.deleteTitle')}
        message={t('recall.deleteMessage', { label: deleteAsk?.label ?? '' })}
        confirmLabel={t('recall.delete')}
        confirmColor="error"
        onConfirm={() => {
          if (deleteAsk) pos.removeHeld(deleteAsk.id);
          setDeleteAsk(null);
          toast.success(t('recall.deleted'));
        }}
        onClose={() => setDeleteAsk(null)}
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
          setTouched(new Set());
          setRefusedKeys(new Set());
        }}
        onClose={() => setClearAsk(false)}
      />
      <ConfirmDialog
        open={outsideAsk !== null}
        title={t('outside.title')}
        message={
          <>
            {saleState === 'lastOrders'
              ? t('outside.lastOrders', { outlet: context?.outlet.name ?? '' })
              : t('outside.closed', { outlet: context?.outlet.name ?? '' })}{' '}
            {t('outside.message')}
          </>
        }
        confirmLabel={t('outside.confirm')}
        confirmColor="warning"
        onConfirm={() => {
          const resend = outsideAsk === 'resend';
          setAllowOutside(true);
          setOutsideAsk(null);
          if (resend) void confirmPayment(true);
          else openPayment();
        }}
        onClose={() => setOutsideAsk(null)}
      />
    </Box>
  );
}
