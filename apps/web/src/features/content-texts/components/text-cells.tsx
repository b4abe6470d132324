import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import History from '@mui/icons-material/History';
import type { ReactNode } from 'react';
import type { ContentTextFormat } from '@kopi/contract';
import { EditAction, RowAction, RowActions } from '../../../components/list-page/row-actions';
import { useLocalizedName } from '../../../lib/localized-name';
import { useContentTextStrings } from '../i18n';

// The cells both text lists share: a text's key with what it is for, a clamped wording, and the
// row's buttons.

/** Enough of a wording for two lines of a cell; the editor shows the rest. */
const CELL_CHARS = 240;

export function TextKeyCell({
  textKey,
  description,
  descriptionMy,
  format,
}: {
  textKey: string;
  description: string;
  /** Shown instead on Malay screens, when there is one. */
  descriptionMy: string;
  format: ContentTextFormat;
}) {
  const { t } = useContentTextStrings();
  const describe = useLocalizedName();
  return (
    <Stack spacing={0.5} sx={{ minWidth: 160, maxWidth: 240, alignItems: 'flex-start' }}>
      <Box component="code" sx={{ fontWeight: 600 }} data-testid="content-text-key">
        {textKey}
      </Box>
      {description && (
        <Typography variant="caption" color="text.secondary" data-testid="content-text-description">
          {describe(description, descriptionMy)}
        </Typography>
      )}
      <Chip
        size="small"
        variant="outlined"
        label={format === 'markdown' ? t('list.markdown') : t('list.plain')}
      />
    </Stack>
  );
}

export function WordingCell({
  text,
  empty,
  testId,
}: {
  text: string;
  empty?: string;
  testId?: string;
}) {
  return (
    <Typography
      variant="body2"
      color={text === '' ? 'text.secondary' : undefined}
      data-testid={testId}
      title={text.length > CELL_CHARS ? undefined : text}
      sx={{
        maxWidth: 280,
        display: '-webkit-box',
        WebkitLineClamp: 2,
        WebkitBoxOrient: 'vertical',
        overflow: 'hidden',
        fontStyle: text === '' ? 'italic' : undefined,
      }}
    >
      {text === '' ? empty : text.slice(0, CELL_CHARS)}
    </Typography>
  );
}

/** A text's row buttons: edit (with `onEdit`, where the user may), its history, then `children`. */
export function TextRowActions({
  textKey,
  onEdit,
  onHistory,
  children,
}: {
  textKey: string;
  onEdit?: () => void;
  onHistory: () => void;
  children?: ReactNode;
}) {
  const { t } = useContentTextStrings();
  return (
    <RowActions>
      {onEdit && <EditAction label={t('list.edit', { key: textKey })} onClick={onEdit} />}
      <RowAction
        label={t('list.history', { key: textKey })}
        icon={<History fontSize="small" />}
        onClick={onHistory}
      />
      {children}
    </RowActions>
  );
}
