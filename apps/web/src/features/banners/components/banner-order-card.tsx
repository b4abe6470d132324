import type { DragEvent } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ArrowDownward from '@mui/icons-material/ArrowDownward';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import type { Banner } from '@kopi/contract';
import { cardTitle } from '../../../components/card-title';
import { EmptyState } from '../../../components/empty-state';
import { RetryAlert } from '../../../components/retry-alert';
import { moveItem, reorderByDrop } from '../../../lib/reorder';
import { useBannerStrings } from '../i18n';
import { sizeFor } from './picture-field';
import { StateChip } from './state-chip';
import { DragHandle, useRowDrag } from '../../../components/drag-handle';

/** The banners an app order is about: every one that shows now or may later (not ended). */
export const orderable = (banners: readonly Banner[]) => banners.filter((b) => b.state !== 'ended');

/**
 * The app order of the current and upcoming banners, changed by dragging a row by its handle or
 * with the arrow buttons (the keyboard's way). `onSave` gets every listed id in the new order.
 */
export function BannerOrderCard({
  banners,
  loading,
  failed,
  onRetry,
  mayUpdate,
  saving,
  onSave,
}: {
  banners: readonly Banner[];
  loading: boolean;
  failed: boolean;
  onRetry: () => void;
  mayUpdate: boolean;
  saving: boolean;
  onSave: (ids: string[]) => void;
}) {
  const { t, language } = useBannerStrings();
  const { dragged, setDragged, over, setOver, end, drop } = useRowDrag();
  const rows = orderable(banners);
  const ids = rows.map((b) => b.id);
  const titleOf = (b: Banner) => (language === 'my' && b.title_my ? b.title_my : b.title_en);

  const onDrop = (event: DragEvent, targetId: string) => {
    const source = drop(event);
    const next = source ? reorderByDrop(ids, source, targetId) : null;
    if (next) onSave(next);
  };

  let body;
  if (loading) body = <Skeleton variant="rounded" height={120} />;
  else if (failed) body = <RetryAlert onRetry={onRetry}>{t('order.error')}</RetryAlert>;
  else if (rows.length === 0)
    body = <EmptyState message={t('order.empty')} testId="banner-order-empty" />;
  else
    body = (
      <List aria-label={t('order.list')} data-testid="banner-order" disablePadding>
        {rows.map((b, index) => {
          const name = titleOf(b);
          return (
            <ListItem
              key={b.id}
              data-testid="banner-order-row"
              data-id={b.id}
              divider={index < rows.length - 1}
              onDragOver={(e) => {
                if (!dragged) return;
                e.preventDefault();
                e.dataTransfer.dropEffect = 'move';
                if (over !== b.id) setOver(b.id);
              }}
              onDragLeave={() => setOver((current) => (current === b.id ? null : current))}
              onDrop={(e) => onDrop(e, b.id)}
              // On a phone the state and the arrows go under the title rather than squeeze it
              // away and push the arrows off the card.
              sx={{
                flexWrap: 'wrap',
                columnGap: 1.5,
                rowGap: 1,
                px: 1,
                opacity: dragged === b.id ? 0.5 : 1,
                boxShadow: (theme) =>
                  over === b.id && dragged !== b.id
                    ? `inset 0 2px 0 ${theme.palette.primary.main}`
                    : 'none',
              }}
            >
              {mayUpdate && (
                <DragHandle
                  id={b.id}
                  label={t('order.dragHandle', { name })}
                  testId="banner-drag-handle"
                  onStart={setDragged}
                  onEnd={end}
                />
              )}
              <Box
                sx={{
                  width: 64,
                  aspectRatio: '2 / 1',
                  flexShrink: 0,
                  borderRadius: 1,
                  bgcolor: 'action.hover',
                  backgroundImage: b.image ? `url(${sizeFor(b.image, 400).webp})` : 'none',
                  backgroundSize: 'cover',
                }}
              />
              <Typography
                variant="body2"
                sx={{ flex: '1 1 120px', fontWeight: 500, minWidth: 0 }}
                noWrap
                data-testid="banner-order-title"
              >
                {name}
              </Typography>
              <StateChip state={b.state} />
              {mayUpdate && (
                <Stack direction="row">
                  <IconButton
                    size="small"
                    aria-label={t('order.moveUp', { name })}
                    disabled={index === 0 || saving}
                    onClick={() => onSave(moveItem(ids, index, index - 1))}
                  >
                    <ArrowUpward fontSize="small" />
                  </IconButton>
                  <IconButton
                    size="small"
                    aria-label={t('order.moveDown', { name })}
                    disabled={index === rows.length - 1 || saving}
                    onClick={() => onSave(moveItem(ids, index, index + 1))}
                  >
                    <ArrowDownward fontSize="small" />
                  </IconButton>
                </Stack>
              )}
            </ListItem>
          );
        })}
      </List>
    );

  return (
    <Card sx={{ height: '100%' }}>
      <CardHeader
        title={t('order.title')}
        subheader={mayUpdate ? t('order.hint') : undefined}
        slotProps={cardTitle}
      />
      <CardContent sx={{ pt: 0 }}>{body}</CardContent>
    </Card>
  );
}
