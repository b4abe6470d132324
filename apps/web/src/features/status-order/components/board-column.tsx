import { useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { BoardColumn as Column } from '@kopi/contract';
import { useStatusBoardStrings } from '../i18n';

const accent: Record<Column, string> = {
  PENDING: 'info.main',
  APPROVED: 'warning.main',
  COMPLETED: 'success.main',
};

/** A status column: its name, how many cards, the cards, and a drop target for the next step. */
export function BoardColumn({
  status,
  count,
  notShown,
  large,
  canDrop,
  onDrop,
  children,
}: {
  status: Column;
  /** Cards in the column, those left out included. */
  count: number;
  /** Cards past the column's limit, counted but not sent. */
  notShown: number;
  large: boolean;
  /** A card being dragged may move here. */
  canDrop: boolean;
  onDrop: () => void;
  children: ReactNode;
}) {
  const { t } = useStatusBoardStrings();
  const [over, setOver] = useState(false);
  const headingId = `board-column-${status}-title`;
  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby={headingId}
      data-testid={`board-column-${status}`}
      data-drop-target={canDrop ? 'true' : undefined}
      onDragOver={(event) => {
        if (!canDrop) return;
        event.preventDefault();
        event.dataTransfer.dropEffect = 'move';
        if (!over) setOver(true);
      }}
      onDragLeave={(event) => {
        // Leaving for a child is not leaving the column.
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOver(false);
      }}
      onDrop={(event) => {
        setOver(false);
        if (!canDrop) return;
        event.preventDefault();
        onDrop();
      }}
      sx={{
        display: 'flex',
        flexDirection: 'column',
        minWidth: 0,
        minHeight: 0,
        bgcolor: 'action.hover',
        borderTop: 4,
        borderTopColor: accent[status],
        outline: canDrop ? 2 : 0,
        outlineStyle: 'dashed',
        outlineColor: over ? 'primary.main' : 'divider',
        outlineOffset: -2,
      }}
    >
      <Stack
        direction="row"
        spacing={1}
        sx={{ alignItems: 'center', px: 1.5, pt: 1.25, pb: 0.5, flexWrap: 'wrap' }}
      >
        <Typography
          id={headingId}
          component="h2"
          sx={{ fontSize: large ? '1.6rem' : '1.15rem', fontWeight: 700 }}
        >
          {t(`column.${status}`)}
        </Typography>
        <Chip
          size={large ? 'medium' : 'small'}
          label={count}
          aria-label={t('column.count', { count })}
          data-testid={`board-count-${status}`}
          sx={{ fontWeight: 700, fontSize: large ? '1.1rem' : undefined }}
        />
        <Box sx={{ flexGrow: 1 }} />
        {canDrop && (
          <Typography variant="caption" color="primary">
            {t('column.dropHere')}
          </Typography>
        )}
      </Stack>
      <Typography variant="caption" color="text.secondary" sx={{ px: 1.5, pb: 1 }}>
        {t(`column.hint${status}`)}
      </Typography>
      <Box
        sx={{
          flexGrow: 1,
          minHeight: 120,
          overflowY: 'auto',
          px: 1,
          pb: 1,
          display: 'grid',
          alignContent: 'start',
          // Cards keep their full height; the column scrolls instead of squeezing them.
          gridAutoRows: 'max-content',
          gap: 1,
          // A wide screen fits more than one card across a column.
          gridTemplateColumns: `repeat(auto-fill, minmax(min(${large ? 340 : 260}px, 100%), 1fr))`,
        }}
      >
        {count === 0 ? (
          <Typography
            color="text.secondary"
            sx={{ textAlign: 'center', py: 4, fontSize: large ? '1.2rem' : undefined }}
          >
            {t(`column.empty${status}`)}
          </Typography>
        ) : (
          children
        )}
        {notShown > 0 && (
          <Typography
            role="status"
            variant="body2"
            color="text.secondary"
            data-testid={`board-not-shown-${status}`}
            sx={{ textAlign: 'center', py: 1.5, gridColumn: '1 / -1' }}
          >
            {t(`column.notShown${status}`, { count: notShown })}
          </Typography>
        )}
      </Box>
    </Paper>
  );
}
