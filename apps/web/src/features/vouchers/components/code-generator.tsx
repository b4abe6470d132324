import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { voucherCodeBatchInputSchema } from '@kopi/contract';
import { useQueryClient } from '@tanstack/react-query';
import { translateValidation } from '../../../lib/i18n/i18n';
import { generateCodes, useCodeJob, voucherKeys, type VoucherCodeJob } from '../api';
import { useVoucherStrings } from '../i18n';

/**
 * Generates unique codes: how many and a prefix, checked by the contract's schema; the server
 * makes them in the background, and a progress bar follows the job until it is done (the code
 * list and the voucher list then refresh) or failed (it says so; generating again continues).
 */
export function CodeGenerator({
  voucherId,
  mayGenerate,
}: {
  voucherId: string;
  mayGenerate: boolean;
}) {
  const { t } = useVoucherStrings();
  const client = useQueryClient();
  const [count, setCount] = useState('100');
  const [prefix, setPrefix] = useState('');
  const [errors, setErrors] = useState<{ count?: string; prefix?: string }>({});
  const [started, setStarted] = useState<VoucherCodeJob | null>(null);
  const [sending, setSending] = useState(false);
  const job = useCodeJob(voucherId, started);
  const current = job.data ?? started;
  const running = Boolean(current) && current!.status !== 'done' && current!.status !== 'failed';

  // The job's end refreshes what shows codes, once per job.
  const endedId = current && !running ? current.id : null;
  useEffect(() => {
    if (!endedId) return;
    void client.invalidateQueries({ queryKey: voucherKeys.codes(voucherId) });
    void client.invalidateQueries({ queryKey: [...voucherKeys.all, 'list'] });
  }, [endedId, client, voucherId]);

  const submit = async () => {
    const parsed = voucherCodeBatchInputSchema.safeParse({
      count: count.trim() === '' ? undefined : Number(count),
      prefix,
    });
    if (!parsed.success) {
      const next: typeof errors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as 'count' | 'prefix';
        next[field] ??= translateValidation(issue.message) ?? issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    setSending(true);
    try {
      setStarted(await generateCodes(voucherId, parsed.data));
    } catch {
      // The HTTP client says why (e.g. voucher_codes_shared).
    } finally {
      setSending(false);
    }
  };

  const percent = current && current.total > 0 ? (current.done / current.total) * 100 : 0;
  return (
    <Stack spacing={1.5} data-testid="voucher-code-generator">
      {mayGenerate && (
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1.5}
          sx={{ alignItems: 'flex-start' }}
        >
          <TextField
            size="small"
            label={t('codes.count')}
            value={count}
            onChange={(e) => setCount(e.target.value)}
            error={Boolean(errors.count)}
            helperText={errors.count}
            disabled={running}
            slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': 'voucher-code-count' } }}
            sx={{ width: 140 }}
          />
          <TextField
            size="small"
            label={t('codes.prefix')}
            value={prefix}
            onChange={(e) => setPrefix(e.target.value.toUpperCase())}
            error={Boolean(errors.prefix)}
            helperText={errors.prefix ?? t('codes.prefixHint')}
            disabled={running}
            slotProps={{ htmlInput: { maxLength: 8, 'data-testid': 'voucher-code-prefix' } }}
            sx={{ width: 260 }}
          />
          <Button
            variant="contained"
            onClick={() => void submit()}
            loading={sending}
            disabled={running}
            data-testid="voucher-code-generate"
          >
            {t('codes.generate')}
          </Button>
        </Stack>
      )}
      {current && running && (
        <Stack spacing={0.5} data-testid="voucher-code-progress">
          <LinearProgress
            variant={current.status === 'queued' ? 'indeterminate' : 'determinate'}
            value={percent}
            aria-label={t('codes.generating', { done: current.done, total: current.total })}
          />
          <Typography variant="body2" color="text.secondary">
            {current.status === 'queued'
              ? t('codes.queued')
              : t('codes.generating', { done: current.done, total: current.total })}
          </Typography>
        </Stack>
      )}
      {current?.status === 'done' && (
        <Alert severity="success" data-testid="voucher-code-done">
          {t('codes.done', { total: current.total })}
        </Alert>
      )}
      {current?.status === 'failed' && (
        <Alert severity="error" data-testid="voucher-code-failed">
          {t('codes.failed', { done: current.done, total: current.total })}
        </Alert>
      )}
    </Stack>
  );
}
