// The report's print view is the page itself (like the receipt's, decision 017: CSS, not a print
// window): while the report is on screen, printing shows only the element with this class — no
// navigation, tabs, filters or buttons (class `kopi-no-print`) — with a heading that says which
// view, range and outlet it is (class `kopi-print-only`, hidden on screen), on A4 landscape, its
// table's every column on the page.

export const reportPrintClass = 'kopi-report-print';

const css = `
@media print {
  @page { size: A4 landscape; margin: 12mm; }
  body *:not(:has(.${reportPrintClass})):not(.${reportPrintClass}):not(.${reportPrintClass} *) {
    display: none !important;
  }
  *:has(.${reportPrintClass}) {
    position: static !important;
    margin: 0 !important;
    padding: 0 !important;
    max-width: none !important;
    width: auto !important;
    min-height: 0 !important;
    overflow: visible !important;
    box-shadow: none !important;
    background: #fff !important;
  }
  .${reportPrintClass} .kopi-no-print { display: none !important; }
  .${reportPrintClass} .kopi-print-only { display: block !important; }
  .${reportPrintClass} .MuiCard-root { box-shadow: none !important; border: 1px solid #ddd; }
  .${reportPrintClass} figure, .${reportPrintClass} tr { break-inside: avoid; }
  /* Every column on the page: none scrolled out of sight, none held over another. */
  .${reportPrintClass} .MuiTableContainer-root { overflow: visible !important; }
  .${reportPrintClass} .MuiTableCell-root {
    position: static !important; font-size: 8.5pt; padding: 3px 5px;
  }
}
`;

export function ReportPrintStyle() {
  return <style>{css}</style>;
}
