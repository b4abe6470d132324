import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import UploadFile from '@mui/icons-material/UploadFile';
import type { ImportResult } from '@kopi/contract';
import { serverFieldErrors } from '../../../lib/form-errors';
import type { UploadProgress } from '../../../lib/http/transfer';
import { toast } from '../../../lib/toasts';
import { useProductStrings } from '../i18n';
import { ImportResultView } from './import-result-view';
import { useFilePicker } from '../../../components/file-picker';

export const IMPORT_MAX_BYTES = 5 * 1024 * 1024;
const ACCEPT =
  '.csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export type RunImport = (
  file: File,
  mode: 'preview' | 'commit',
  onProgress: (progress: UploadProgress) => void,
) => Promise<ImportResult>;

/** Why a chosen file cannot be imported, checked before uploading it. */
export function importFileProblem(file: File): 'wrong_type' | 'too_large' | null {
  if (!/\.(csv|xlsx)$/i.test(file.name)) return 'wrong_type';
  if (file.size > IMPORT_MAX_BYTES) return 'too_large';
  return null;
}

/**
 * A failed commit (the file changed, or the data did since the check) answers 400 import_invalid
 * with details `rows.<row>.<field>`: shown like the check's own errors.
 */
export function errorsOfFailedCommit(error: unknown): ImportResult['errors'] {
  return serverFieldErrors(error).flatMap((d) => {
    const match = /^rows\.(\d+)\.(.+)$/.exec(d.path);
    return match ? [{ row: Number(match[1]), field: match[2]!, message: d.message }] : [];
  });
}

type Step =
  | { kind: 'choose' }
  | { kind: 'uploading'; mode: 'preview' | 'commit'; percent: number }
  | { kind: 'checked'; result: ImportResult };

/** Import products from CSV or XLSX: upload with progress, check, preview, then commit. */
export function ImportDialog({
  open,
  onClose,
  onImported,
  runImport,
}: {
  open: boolean;
  onClose: () => void;
  onImported: () => void;
  runImport: RunImport;
}) {
  const { t, ts } = useProductStrings();
  const [file, setFile] = useState<File | null>(null);
  const [step, setStep] = useState<Step>({ kind: 'choose' });
  const busy = step.kind === 'uploading';

  const close = () => {
    if (busy) return;
    setFile(null);
    setStep({ kind: 'choose' });
    onClose();
  };

  const run = async (chosen: File, mode: 'preview' | 'commit') => {
    setStep({ kind: 'uploading', mode, percent: 0 });
    try {
      const result = await runImport(chosen, mode, ({ percent }) =>
        setStep({ kind: 'uploading', mode, percent }),
      );
      if (mode === 'commit') {
        toast.success(t('import.done', { created: result.created, updated: result.updated }));
        setFile(null);
        setStep({ kind: 'choose' });
        onImported();
        onClose();
        return;
      }
      setStep({ kind: 'checked', result });
    } catch (error) {
      const errors = errorsOfFailedCommit(error);
      if (mode === 'commit' && errors.length > 0) {
        setStep({
          kind: 'checked',
          result: { total_rows: 0, valid: false, created: 0, updated: 0, errors, preview: [] },
        });
      } else {
        // The client has shown why (file type, size, network); the user may pick another file.
        setStep({ kind: 'choose' });
      }
    }
  };

  const choose = (chosen: File) => {
    const problem = importFileProblem(chosen);
    if (problem) {
      toast.error(
        problem === 'wrong_type'
          ? t('import.wrongType', { name: chosen.name })
          : t('import.tooLarge', { name: chosen.name }),
      );
      return;
    }
    setFile(chosen);
    void run(chosen, 'preview');
  };
  const picker = useFilePicker({
    accept: ACCEPT,
    label: t('import.choose'),
    testId: 'import-input',
    onFile: choose,
  });

  const checked = step.kind === 'checked' ? step.result : null;
  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : close}
      maxWidth="md"
      fullWidth
      aria-labelledby="import-dialog-title"
      data-testid="import-dialog"
    >
      <DialogTitle id="import-dialog-title">{t('import.title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2.5}>
          <Typography variant="body2" color="text.secondary">
            {t('import.intro')}
          </Typography>
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <Button
              variant={file ? 'outlined' : 'contained'}
              startIcon={<UploadFile />}
              onClick={picker.open}
              disabled={busy}
              data-testid="import-choose"
            >
              {file ? t('import.chooseAnother') : t('import.choose')}
            </Button>
            <Box sx={{ minWidth: 0 }}>
              {file ? (
                <Typography
                  sx={{ fontWeight: 500, wordBreak: 'break-all' }}
                  data-testid="import-file"
                >
                  {file.name}
                </Typography>
              ) : (
                <Typography variant="body2" color="text.secondary">
                  {t('import.fileHint')}
                </Typography>
              )}
            </Box>
            {picker.input}
          </Stack>

          {step.kind === 'uploading' && (
            <Box data-testid="import-progress" aria-live="polite">
              <Typography variant="body2" sx={{ mb: 1 }}>
                {step.percent < 100
                  ? t('import.uploading', { percent: step.percent })
                  : step.mode === 'commit'
                    ? t('import.importing')
                    : t('import.checking')}
              </Typography>
              <LinearProgress
                variant={step.percent < 100 ? 'determinate' : 'indeterminate'}
                value={step.percent}
                aria-label={t('import.uploading', { percent: step.percent })}
              />
            </Box>
          )}

          {checked && <ImportResultView result={checked} />}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={close} color="inherit" disabled={busy}>
          {ts('common.close')}
        </Button>
        <Button
          variant="contained"
          disabled={!file || !checked?.valid || busy}
          onClick={() => file && void run(file, 'commit')}
          data-testid="import-commit"
        >
          {t('import.commit', { count: checked?.total_rows ?? 0 })}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
