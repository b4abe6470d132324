import { useState, type DragEvent } from 'react';
import Box from '@mui/material/Box';
import DragIndicator from '@mui/icons-material/DragIndicator';

/**
 * The grip a row is dragged by to reorder a list (the pointer's way; the row's buttons or keys are
 * the keyboard's). The drag carries `id` as text; with `row` (a selector of the row's element, as
 * `tr` or `li`) the drag shows that row rather than the grip.
 */
export function DragHandle({
  id,
  label,
  role = 'img',
  testId,
  row,
  px,
  onStart,
  onEnd,
}: {
  id: string;
  label: string;
  role?: 'img' | 'button';
  testId: string;
  row?: string;
  px?: number;
  onStart: (id: string) => void;
  onEnd: () => void;
}) {
  return (
    <Box
      component="span"
      draggable
      role={role}
      aria-label={label}
      data-testid={testId}
      onDragStart={(e) => {
        onStart(id);
        e.dataTransfer.effectAllowed = 'move';
        e.dataTransfer.setData('text/plain', id);
        const dragged = row ? e.currentTarget.closest(row) : null;
        if (dragged) e.dataTransfer.setDragImage(dragged, 16, 16);
      }}
      onDragEnd={onEnd}
      sx={{ display: 'flex', cursor: 'grab', color: 'text.secondary', px }}
    >
      <DragIndicator fontSize="small" />
    </Box>
  );
}

/**
 * A reorderable list's drag: the row dragged and the one it is over (`O`: its id, or more, as
 * where on it). `end` forgets both (the grip's drag ended); `drop` does so on a drop and gives the
 * dragged row's id, from the drag's data when the row was not picked up on this page.
 */
export function useRowDrag<O = string>() {
  const [dragged, setDragged] = useState<string | null>(null);
  const [over, setOver] = useState<O | null>(null);
  const end = () => {
    setDragged(null);
    setOver(null);
  };
  const drop = (event: DragEvent) => {
    event.preventDefault();
    const source = dragged ?? event.dataTransfer.getData('text/plain');
    end();
    return source;
  };
  return { dragged, setDragged, over, setOver, end, drop };
}
