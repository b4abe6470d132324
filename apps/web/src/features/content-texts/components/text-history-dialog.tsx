import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import Grid from '@mui/material/Grid';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { alpha, type Theme } from '@mui/material/styles';
import type { ContentTextHistoryEntry } from '@kopi/contract';
import { EmptyState } from '../../../components/empty-state';
import { formatDateTime } from '../../../lib/formatters';
import { type DiffPart, wordDiff } from '../../../lib/word-diff';
import { type TextSide, useTextHistory } from '../api';
import { useContentTextStrings } from '../i18n';

// What changed in a text and who changed it: its audit entries, newest first, each a list of
// "field: before → after" with the words that changed marked. Long wording scrolls inside its box.

const PAGE_SIZE = 10;

/** Marks of what an edit took out (struck through) and put in, beyond colour alone. */
const changedStyle = {
  removed: {
    bgcolor: (theme: Theme) => alpha(theme.palette.error.main, 0.16),
    textDecoration: 'line-through',
  },
  added: {
    bgcolor: (theme: Theme) => alpha(theme.palette.success.main, 0.16),
    textDecoration: 'underline',
  },
} as const;

/** One side of a change: its text, with the words the other side lacks marked. */
function Value({
  label,
  value,
  parts,
  side,
}: {
  label: string;
  value: string;
  parts: DiffPart[] | null;
  side: 'removed' | 'added';
}) {
  const shown = parts?.filter((p) => p.kind === 'same' || p.kind === side);
  return (
    <Box>
      <Typography variant="caption" color="text.secondary">
        {label}
      </Typography>
      <Box
        sx={{
          typography: 'body2',
          whiteSpace: 'pre-wrap',
          overflowWrap: 'anywhere',
          maxHeight: 160,
          overflowY: 'auto',
          p: 1,
          borderRadius: 1,
          bgcolor: 'action.hover',
        }}
      >
        {shown
          ? shown.map((p, i) =>
              p.kind === 'same' ? (
                p.text
              ) : (
                <Box
                  key={i}
                  component={p.kind === 'removed' ? 'del' : 'ins'}
                  sx={{ ...changedStyle[p.kind], borderRadius: 0.5 }}
                >
                  {p.text}
                </Box>
              ),
            )
          : value}
      </Box>
    </Box>
  );
}

function Entry({ entry }: { entry: ContentTextHistoryEntry }) {
  const { t } = useContentTextStrings();
  const shown = (value: string | null) =>
    value === null ? t('history.nothing') : value === '' ? t('history.blank') : value;
  return (
    <Stack spacing={1} data-testid="text-history-entry">
      <Stack direction="row" spacing={1} sx={{ alignItems: 'baseline', flexWrap: 'wrap' }}>
        <Typography variant="subtitle2">{t(`history.action.${entry.action}`)}</Typography>
        <Typography variant="body2" color="text.secondary">
          {t('history.by', {
            actor: entry.actor ?? t('history.someone'),
            at: formatDateTime(entry.at),
          })}
        </Typography>
      </Stack>
      {entry.changes.map((change) => {
        // Both sides written: the words that changed are marked on each.
        const parts = change.before && change.after ? wordDiff(change.before, change.after) : null;
        return (
          <Box key={change.field}>
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {t(`history.field.${change.field}`)}
            </Typography>
            <Grid container spacing={1}>
              {(['before', 'after'] as const).map((when) => (
                <Grid key={when} size={{ xs: 12, sm: 6 }}>
                  <Value
                    label={t(`history.${when}`)}
                    value={shown(change[when])}
                    parts={parts}
                    side={when === 'before' ? 'removed' : 'added'}
                  />
                </Grid>
              ))}
            </Grid>
          </Box>
        );
      })}
    </Stack>
  );
}

function HistoryList({ side, textKey }: { side: TextSide; textKey: string }) {
  const { t } = useContentTextStrings();
  const [page, setPage] = useState(1);
  const history = useTextHistory(side, textKey, page);
  if (history.error) return <Alert severity="error">{t('history.error')}</Alert>;
  if (!history.data) return <Skeleton variant="rounded" height={120} />;
  const { rows, meta } = history.data;
  if (rows.length === 0) return <EmptyState message={t('history.empty')} paddingY={3} />;
  const pages = Math.ceil(meta.total / PAGE_SIZE);
  return (
    <Stack spacing={2} divider={<Divider flexItem />}>
      {rows.map((entry) => (
        <Entry key={entry.id} entry={entry} />
      ))}
      {pages > 1 && (
        <Stack direction="row" sx={{ justifyContent: 'space-between' }}>
          <Button disabled={page === 1} onClick={() => setPage(page - 1)}>
            {t('history.newer')}
          </Button>
          <Button disabled={page >= pages} onClick={() => setPage(page + 1)}>
            {t('history.older')}
          </Button>
        </Stack>
      )}
    </Stack>
  );
}

export function TextHistoryDialog({
  side,
  textKey,
  onClose,
}: {
  side: TextSide;
  /** The text whose history is open; null: closed. */
  textKey: string | null;
  onClose: () => void;
}) {
  const { t } = useContentTextStrings();
  return (
    <Dialog
      open={textKey !== null}
      onClose={onClose}
      maxWidth="md"
      fullWidth
      aria-labelledby="text-history-title"
      data-testid="text-history-dialog"
    >
      <DialogTitle id="text-history-title">
        {t('history.title', { key: textKey ?? '' })}
        <Typography
          component="span"
          variant="body2"
          color="text.secondary"
          sx={{ display: 'block' }}
        >
          {t('history.subtitle')}
        </Typography>
      </DialogTitle>
      <DialogContent dividers>
        {textKey !== null && <HistoryList side={side} textKey={textKey} />}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('history.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
