import { PaperLine } from '../receipt/receipt-parts';
import { useWorkingStrings } from './i18n';
import type { WorkingFigure } from './working-rows';

/**
 * A report's line for a figure, printed as `figure.show` prints it; on screen a button that opens
 * the figure's working (`onOpen`).
 */
export function FigureLine({
  figure,
  count = 0,
  amount = 0,
  onOpen,
  prefix,
  strong,
  indent,
}: {
  figure: WorkingFigure;
  count?: number;
  amount?: number;
  onOpen?: (figure: WorkingFigure) => void;
  /** The line's test id is `${prefix}-${figure.id}`. */
  prefix: string;
  strong?: boolean;
  indent?: boolean;
}) {
  const { t } = useWorkingStrings();
  const { label, value } = figure.show(count, amount);
  return (
    <PaperLine
      label={label}
      value={value}
      strong={strong}
      indent={indent}
      testId={`${prefix}-${figure.id}`}
      onOpen={onOpen ? () => onOpen(figure) : undefined}
      openHint={t('open')}
    />
  );
}
