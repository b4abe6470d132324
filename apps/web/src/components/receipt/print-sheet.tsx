import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';

/**
 * 80 mm roll printing.
 *
 * Usage: render the paper inside `<PrintSheet>` (OrderReceipt and the Z-report do) and call
 * `window.print()` (or `printSheet()`) while it is on screen — inline or in a dialog. While a
 * sheet is mounted, a `@media print` rule prints only the element with the class
 * `kopi-print-sheet`: every element that neither is it, holds it nor sits inside it is
 * `display: none`, and the elements holding it (the page, a dialog's fixed container and its
 * scrolling paper) lose their position, overflow, spacing and shadows, so the sheet starts at the
 * top-left of the paper and nothing clips it. The `@page` rule (80 mm wide, no margin, as long as
 * the sheet) exists only while a sheet is mounted, so printing any other page is unaffected.
 * The sheet is 72 mm wide with 4 mm on each side: the printable width of an 80 mm roll.
 */
export const printSheetClass = 'kopi-print-sheet';

const pxPerMm = 96 / 25.4;

const printCss = (heightMm: number) => `
@media print {
  @page { size: 80mm ${heightMm}mm; margin: 0; }
  html, body { background: #fff !important; height: auto !important; overflow: visible !important; }
  body *:not(:has(.${printSheetClass})):not(.${printSheetClass}):not(.${printSheetClass} *) {
    display: none !important;
  }
  *:has(> .${printSheetClass}), *:has(.${printSheetClass}) {
    position: static !important; display: block !important; overflow: visible !important;
    transform: none !important; margin: 0 !important; padding: 0 !important;
    width: auto !important; max-width: none !important; height: auto !important;
    max-height: none !important; min-height: 0 !important; box-shadow: none !important;
    border: 0 !important; background: none !important; opacity: 1 !important;
    transition: none !important;
  }
  .${printSheetClass} {
    width: 72mm !important; margin: 0 4mm !important; padding: 3mm 0 !important;
    border: 0 !important; box-shadow: none !important; color: #000 !important;
    background: #fff !important;
  }
}`;

/** Prints the page; call it while a PrintSheet is on screen (after a dialog has rendered it). */
export function printSheet() {
  // Let a dialog that just opened paint (and the sheet measure itself) before the print dialog.
  window.requestAnimationFrame(() => window.setTimeout(() => window.print(), 50));
}

/** A narrow paper-like column that prints alone on an 80 mm roll (see the note above). */
export function PrintSheet({
  children,
  label,
  testId,
}: {
  children: ReactNode;
  /** Accessible name of the sheet (e.g. "Receipt of order KL01-…"). */
  label: string;
  testId?: string;
}) {
  const ref = useRef<HTMLDivElement>(null);
  // The page is as long as the sheet (thermal printers feed paper to the page length); A4 length
  // until measured.
  const [heightMm, setHeightMm] = useState(297);
  useLayoutEffect(() => {
    const node = ref.current;
    if (!node) return;
    const measure = () => {
      const height = node.getBoundingClientRect().height;
      if (height > 0) setHeightMm(Math.ceil(height / pxPerMm) + 8);
    };
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(node);
    return () => observer.disconnect();
  }, []);

  return (
    <>
      <style>{printCss(heightMm)}</style>
      <Box
        ref={ref}
        role="document"
        aria-label={label}
        className={printSheetClass}
        data-testid={testId}
        sx={{
          width: '72mm',
          maxWidth: '100%',
          // Centred in a block (margin) or a flex column such as a Stack (which resets margins).
          mx: 'auto',
          alignSelf: 'center',
          px: '3mm',
          py: '4mm',
          boxSizing: 'content-box',
          bgcolor: '#fff',
          color: '#000',
          border: '1px dashed',
          borderColor: 'divider',
          fontFamily: '"Courier New", ui-monospace, Menlo, Consolas, monospace',
          fontSize: '12px',
          lineHeight: 1.35,
          '& p': { m: 0 },
        }}
      >
        {children}
      </Box>
    </>
  );
}
