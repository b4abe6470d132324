import type { ReactNode } from 'react';
import Box from '@mui/material/Box';

// Building blocks of an 80 mm paper (receipt, Z-report): label left, amount right, dashed rules.

/** Ringgit without the currency sign, as receipts print amounts in a column ("1,234.50"). */
export function receiptAmount(sen: number): string {
  const sign = sen < 0 ? '-' : '';
  const [whole = '0', fraction = '00'] = (Math.abs(sen) / 100).toFixed(2).split('.');
  return `${sign}${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${fraction}`;
}

export function PaperLine({
  label,
  value,
  strong,
  indent,
  testId,
  onOpen,
  openHint,
}: {
  label: ReactNode;
  value?: ReactNode;
  strong?: boolean;
  indent?: boolean;
  testId?: string;
  /** The line opens something (a figure's working): it is a button on screen, plain on paper. */
  onOpen?: () => void;
  /** What opening it shows (the button's tooltip and description). */
  openHint?: string;
}) {
  const button = onOpen
    ? {
        component: 'button' as const,
        type: 'button' as const,
        onClick: onOpen,
        title: openHint,
        'aria-haspopup': 'dialog' as const,
      }
    : {};
  return (
    <Box
      data-testid={testId}
      {...button}
      sx={{
        // The button's resets first: `font: inherit` would undo the weight and size below.
        ...(onOpen && {
          width: '100%',
          boxSizing: 'border-box',
          m: 0,
          pr: 0,
          py: 0,
          border: 0,
          borderRadius: '2px',
          bgcolor: 'transparent',
          color: 'inherit',
          font: 'inherit',
          textAlign: 'left',
          cursor: 'pointer',
          '& > span:first-of-type': {
            textDecoration: 'underline dotted',
            textUnderlineOffset: '3px',
          },
          '&:hover': { bgcolor: 'action.hover' },
          '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main' },
          '@media print': {
            '& > span:first-of-type': { textDecoration: 'none' },
          },
        }),
        display: 'flex',
        justifyContent: 'space-between',
        alignItems: 'baseline',
        gap: '2mm',
        pl: indent ? '3mm' : 0,
        fontWeight: strong ? 700 : 400,
        fontSize: strong ? '14px' : 'inherit',
      }}
    >
      <Box component="span" sx={{ minWidth: 0, overflowWrap: 'anywhere' }}>
        {label}
      </Box>
      {value !== undefined && (
        <Box component="span" sx={{ whiteSpace: 'nowrap', textAlign: 'right' }}>
          {value}
        </Box>
      )}
    </Box>
  );
}

export function PaperRule() {
  return <Box role="separator" sx={{ borderTop: '1px dashed #000', my: '1.5mm' }} />;
}

export function PaperCentre({ children, strong }: { children: ReactNode; strong?: boolean }) {
  return (
    <Box
      component="p"
      sx={{
        textAlign: 'center',
        fontWeight: strong ? 700 : 400,
        fontSize: strong ? '14px' : 'inherit',
        overflowWrap: 'anywhere',
      }}
    >
      {children}
    </Box>
  );
}

export function PaperText({ children, indent }: { children: ReactNode; indent?: boolean }) {
  return (
    <Box component="p" sx={{ pl: indent ? '3mm' : 0, overflowWrap: 'anywhere' }}>
      {children}
    </Box>
  );
}
