import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import Print from '@mui/icons-material/Print';
import { printSheet } from '../../../components/receipt/print-sheet';

/** Under a receipt on screen: Print it, then the counter's next step (New sale, Done). */
export function ReceiptActions({
  printLabel,
  printTestId,
  doneLabel,
  doneTestId,
  onDone,
}: {
  printLabel: string;
  printTestId?: string;
  doneLabel: string;
  doneTestId: string;
  onDone: () => void;
}) {
  return (
    <DialogActions sx={{ px: 3, py: 1.5, gap: 1 }}>
      <Button
        variant="outlined"
        startIcon={<Print />}
        onClick={() => printSheet()}
        sx={{ minHeight: 48 }}
        data-testid={printTestId}
      >
        {printLabel}
      </Button>
      <Button
        variant="contained"
        onClick={onDone}
        autoFocus
        sx={{ minHeight: 48, px: 3 }}
        data-testid={doneTestId}
      >
        {doneLabel}
      </Button>
    </DialogActions>
  );
}
