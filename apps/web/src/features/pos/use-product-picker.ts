import { useEffect, useMemo, useRef, useState } from 'react';
import type { PosMenuProduct } from '@kopi/contract';
import type { CartLine, NewCartLine } from './cart';
import { findByCode, visibleProducts } from './catalogue';
import type { ScanMessage } from './components/product-grid';
import { useLocalizedName } from '../../lib/localized-name';
import { usePosStrings } from './i18n';
import { addsOnTap, defaultSelection, toCartLine, unsellableReason } from './options';
import { useStatePerKey } from './use-state-per-key';

const SCAN_MESSAGE_MS = 4_000;

/**
 * The catalogue side of the counter: category, search, the barcode box, and what a tap or a scan
 * does with a product (add it, ask for its choices, or say why it cannot be sold).
 */
export function useProductPicker({
  products,
  outletId,
  addLine,
}: {
  products: readonly PosMenuProduct[];
  outletId: string | null;
  addLine: (line: NewCartLine) => void;
}) {
  const { t } = usePosStrings();
  const nameOf = useLocalizedName();
  // Another outlet has its own categories.
  const [categoryId, setCategoryId] = useStatePerKey<string | null>(outletId, null);
  const [query, setQuery] = useState('');
  const [barcode, setBarcode] = useState('');
  const [scan, setScan] = useState<ScanMessage | null>(null);
  const [optionsProduct, setOptionsProduct] = useState<PosMenuProduct | null>(null);
  // The cart line whose choices the dialog changes (null: the dialog adds a new item).
  const [editing, setEditing] = useState<CartLine | null>(null);
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

  const pick = (product: PosMenuProduct, scanned = false) => {
    const reason = unsellableReason(product);
    if (reason) {
      setScan({
        kind: 'unsellable',
        text: t('catalogue.cannotSell', {
          name: nameOf(product.name, product.name_my),
          reason: reason === 'soldOut' ? t('catalogue.soldOut') : t('catalogue.unavailable'),
        }),
      });
      return;
    }
    // A standard item (every needed choice has its default) is one tap; its line opens the
    // dialog to change them.
    if (!addsOnTap(product)) {
      setEditing(null);
      setOptionsProduct(product);
      return;
    }
    addLine(toCartLine(product, defaultSelection(product), 1, ''));
    if (scanned)
      setScan({
        kind: 'added',
        text: t('catalogue.barcodeAdded', { name: nameOf(product.name, product.name_my) }),
      });
  };

  const onBarcodeEnter = () => {
    const code = barcode.trim();
    if (!code) return;
    setBarcode('');
    const found = findByCode(products, code);
    if (!found) setScan({ kind: 'notFound', text: t('catalogue.barcodeNotFound', { code }) });
    else pick(found, true);
  };

  return {
    categoryId,
    chooseCategory: (id: string | null) => {
      setCategoryId(id);
      setQuery('');
    },
    grid: {
      products: shown,
      query,
      onQueryChange: setQuery,
      barcode,
      onBarcodeChange: setBarcode,
      onBarcodeEnter,
      scanMessage: scan,
      onPick: (p: PosMenuProduct) => pick(p),
      // A long press asks for the choices whatever the defaults (an unsellable one says why).
      onOptions: (p: PosMenuProduct) => {
        if (unsellableReason(p)) return pick(p);
        setEditing(null);
        setOptionsProduct(p);
      },
      searchRef,
      barcodeRef,
    },
    /** The product whose choices are being made, or null. */
    optionsProduct,
    /** The cart line being changed, or null for a new item. */
    editing,
    /** Opens the dialog on a cart line's choices (a product still on the menu). */
    editLine: (line: CartLine) => {
      const product = products.find((p) => p.id === line.product_id);
      if (!product) return;
      setEditing(line);
      setOptionsProduct(product);
    },
    closeOptions: () => {
      setOptionsProduct(null);
      setEditing(null);
    },
    focusSearch: () => searchRef.current?.focus(),
    focusBarcode: () => barcodeRef.current?.focus(),
    /** The receipt is closed: a new sale starts from an empty search. */
    startNewSale: () => {
      setQuery('');
      setTimeout(() => searchRef.current?.focus(), 0);
    },
  };
}
