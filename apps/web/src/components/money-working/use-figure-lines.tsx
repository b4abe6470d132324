import { useState } from 'react';
import { FigureLine } from './figure-line';
import type { WorkingFigure } from './working-rows';

/**
 * A report's figure lines and which one is open: `line` prints a figure (keyed by its id, so a
 * list of them needs no key of its own); on screen it opens to its working unless `opens` is
 * false (figures the reader may not see). `open` is the figure whose working shows, `close`
 * puts it away. Each line's test id is `${prefix}-${figure.id}`.
 */
export function useFigureLines(prefix: string, opens = true) {
  const [open, setOpen] = useState<WorkingFigure | null>(null);
  const line = (
    figure: WorkingFigure,
    count: number,
    amount: number,
    options: { strong?: boolean; indent?: boolean } = {},
  ) => (
    <FigureLine
      key={figure.id}
      figure={figure}
      count={count}
      amount={amount}
      onOpen={opens ? setOpen : undefined}
      prefix={prefix}
      {...options}
    />
  );
  return { open, close: () => setOpen(null), line };
}
