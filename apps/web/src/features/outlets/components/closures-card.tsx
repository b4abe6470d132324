import { useState } from 'react';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import Add from '@mui/icons-material/Add';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import { closureInputSchema, defaultTimezone, isoDate, localParts } from '@kopi/contract';
import { SectionCard } from '../../../components/section-card';
import { DateField } from '../../../components/date-field/date-field';
import { formatLongDate } from '../../../lib/formatters';
import { translateValidation } from '../../../lib/i18n/i18n';
import { toast } from '../../../lib/toasts';
import { addClosure, removeClosure, type Closure } from '../api';
import { useOutletStrings } from '../i18n';
import { SimpleTable } from '../../../components/data-table/simple-table';

const today = (timeZone: string) => {
  const p = localParts(new Date(), timeZone);
  return isoDate(p.year, p.month, p.day);
};

/** "Fri, 20 Mar 2026" or a range of them (dates are the outlet's local dates). */
function dates(c: Closure, locale: string) {
  const long = (d: string) => formatLongDate(`${d}T12:00:00Z`, { timeZone: 'UTC', locale });
  return c.from === c.to ? long(c.from) : `${long(c.from)} – ${long(c.to)}`;
}

/** Closures of an outlet (dates or ranges, with a reason): list, add, remove. */
export function ClosuresCard({
  outletId,
  timezone = defaultTimezone,
  closures,
  mayUpdate,
  onChanged,
}: {
  outletId: string;
  timezone?: string;
  closures: Closure[];
  mayUpdate: boolean;
  onChanged: () => Promise<unknown>;
}) {
  const { t, language } = useOutletStrings();
  const [from, setFrom] = useState(() => today(timezone));
  const [to, setTo] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const locale = language === 'my' ? 'ms-MY' : 'en-GB';

  const add = async () => {
    const parsed = closureInputSchema.safeParse({ from, to: to || from, reason });
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      await addClosure(outletId, parsed.data);
      toast.success(t('time.closureAdded'));
      setTo('');
      setReason('');
      await onChanged();
    } catch {
      // reported by the HTTP client
    } finally {
      setBusy(false);
    }
  };

  const remove = async (closure: Closure) => {
    try {
      await removeClosure(outletId, closure.id);
      toast.success(t('time.closureRemoved'));
      await onChanged();
    } catch {
      // reported by the HTTP client
    }
  };

  return (
    <SectionCard
      id="closures-title"
      title={t('time.closuresTitle')}
      subheader={t('time.closuresHint')}
    >
      {mayUpdate && (
        <Stack
          component="form"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void add();
          }}
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1.5}
          sx={{ alignItems: { sm: 'flex-start' }, mb: 2, flexWrap: 'wrap', rowGap: 1.5 }}
          aria-label={t('time.addClosure')}
        >
          <DateField
            label={t('time.from')}
            value={from}
            onCommit={setFrom}
            error={Boolean(errors.from)}
            helperText={translateValidation(errors.from)}
            testId="closure-from"
          />
          {/* Left empty, the closure is the one day From names. */}
          <DateField
            optional
            label={t('time.to')}
            value={to}
            onCommit={setTo}
            min={from}
            error={Boolean(errors.to)}
            helperText={translateValidation(errors.to)}
            testId="closure-to"
          />
          <TextField
            size="small"
            label={t('time.reason')}
            placeholder={t('time.reasonPlaceholder')}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            error={Boolean(errors.reason)}
            helperText={translateValidation(errors.reason)}
            sx={{ flexGrow: 1, minWidth: 200 }}
            slotProps={{ htmlInput: { maxLength: 200, 'data-testid': 'closure-reason' } }}
          />
          <Button
            type="submit"
            variant="outlined"
            startIcon={<Add />}
            loading={busy}
            data-testid="closure-add"
            sx={{ height: 40 }}
          >
            {t('time.addClosure')}
          </Button>
        </Stack>
      )}
      {closures.length === 0 ? (
        <Typography color="text.secondary" data-testid="closures-empty">
          {t('time.noClosures')}
        </Typography>
      ) : (
        <SimpleTable
          size="small"
          aria-label={t('time.closuresTitle')}
          data-testid="closures-table"
          cells={[t('time.dates'), t('time.reason')]}
          trail
        >
          {closures.map((c) => (
            <TableRow key={c.id} data-testid="closure-row">
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{dates(c, locale)}</TableCell>
              <TableCell>{c.reason || '—'}</TableCell>
              <TableCell align="right" padding="checkbox">
                {mayUpdate && (
                  <IconButton
                    size="small"
                    aria-label={t('time.removeClosure', { from: c.from, to: c.to })}
                    onClick={() => void remove(c)}
                  >
                    <DeleteOutlined fontSize="small" />
                  </IconButton>
                )}
              </TableCell>
            </TableRow>
          ))}
        </SimpleTable>
      )}
    </SectionCard>
  );
}
