import { memo, useState, type DragEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { lateCardBackground, rejectTextColour } from '../card-colours';
import AccessTime from '@mui/icons-material/AccessTime';
import Alarm from '@mui/icons-material/Alarm';
import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import HourglassBottom from '@mui/icons-material/HourglassBottom';
import MoreVert from '@mui/icons-material/MoreVert';
import StickyNote2Outlined from '@mui/icons-material/StickyNote2Outlined';
import { type BoardOrder, orderFileLabels } from '@kopi/contract';
import { formatBusinessDate, formatDateTime } from '../../../lib/formatters';
import { useLocalizedName } from '../../../lib/localized-name';
import {
  elapsedMs,
  fromEarlierDay,
  handOverAction,
  mayReject,
  primaryMove,
  timerLevel,
  timerStart,
  wholeMinutes,
  type Thresholds,
  type TimerLevel,
} from '../board';
import { useStatusBoardStrings } from '../i18n';

const levelColor: Record<TimerLevel, 'default' | 'warning' | 'error' | 'success'> = {
  normal: 'default',
  amber: 'warning',
  red: 'error',
  done: 'success',
};
const levelIcon = {
  normal: <AccessTime />,
  amber: <HourglassBottom />,
  red: <Alarm />,
  done: <CheckCircleOutlined />,
};

/** HH:MM in the outlets' time zone. */
const clock = (iso: string) => formatDateTime(iso).slice(11, 16);

export interface OrderCardProps {
  order: BoardOrder;
  now: number;
  thresholds: Thresholds;
  mayUpdate: boolean;
  /** Show the outlet's name (the board shows more than one outlet). */
  showOutlet: boolean;
  /** Larger type for a screen behind the bar. */
  large: boolean;
  onMove: (order: BoardOrder, status: 'APPROVED' | 'COMPLETED') => void;
  onReject: (order: BoardOrder) => void;
  /** "Handed over" / "Served" on a ready card (absent: the board offers no such action). */
  onHandOver?: (order: BoardOrder) => void;
  /** "Not collected" in a ready card's menu (absent: the user may not clear orders). */
  onNotCollected?: ((order: BoardOrder) => void) | undefined;
  onDragStart: (order: BoardOrder) => void;
  onDragEnd: () => void;
}

/** One order on the board: what to make, for whom, how long it has waited, and its next move. */
export const OrderCard = memo(function OrderCard({
  order,
  now,
  thresholds,
  mayUpdate,
  showOutlet,
  large,
  onMove,
  onReject,
  onHandOver,
  onNotCollected,
  onDragStart,
  onDragEnd,
}: OrderCardProps) {
  const [menuAt, setMenuAt] = useState<HTMLElement | null>(null);
  const clearable = Boolean(onNotCollected) && order.status === 'COMPLETED';
  const { t, language } = useStatusBoardStrings();
  const nameOf = useLocalizedName();
  const started = timerStart(order);
  const waited = elapsedMs(started, now);
  const minutes = wholeMinutes(waited);
  const level = timerLevel(order.status, waited, thresholds);
  const move = primaryMove(order, mayUpdate);
  const reject = mayReject(order, mayUpdate);
  const handOver = onHandOver ? handOverAction(order, mayUpdate) : null;
  const size = large
    ? { no: '1.75rem', body: '1.25rem', meta: '1.05rem' }
    : { no: '1.25rem', body: '0.975rem', meta: '0.85rem' };

  const timerText =
    level === 'amber'
      ? `${t('card.minutes', { count: minutes })} · ${t('card.slow')}`
      : level === 'red'
        ? `${t('card.minutes', { count: minutes })} · ${t('card.late')}`
        : t('card.minutes', { count: minutes });
  const timerTitle =
    level === 'done'
      ? t('card.readyFor', { count: minutes, time: clock(started) })
      : level === 'red'
        ? t('card.waitingRed', {
            count: minutes,
            time: clock(started),
            limit: thresholds.red_minutes,
          })
        : level === 'amber'
          ? t('card.waitingAmber', {
              count: minutes,
              time: clock(started),
              limit: thresholds.amber_minutes,
            })
          : t('card.waitingNormal', { count: minutes, time: clock(started) });

  const who =
    order.serving_method === 'dine_in' && order.table_no
      ? t('card.table', { no: order.table_no })
      : order.customer_name;

  const dragStart = (event: DragEvent) => {
    event.dataTransfer.setData('text/plain', order.id);
    event.dataTransfer.effectAllowed = 'move';
    onDragStart(order);
  };

  return (
    <Card
      component="article"
      variant="outlined"
      data-testid={`board-card-${order.order_no}`}
      data-order-id={order.id}
      data-status={order.status}
      data-timer={level}
      aria-label={t('card.order', { no: order.order_no })}
      draggable={Boolean(move)}
      onDragStart={move ? dragStart : undefined}
      onDragEnd={move ? onDragEnd : undefined}
      sx={{
        p: large ? 2 : 1.5,
        borderInlineStartWidth: 6,
        borderInlineStartColor:
          level === 'red' ? 'error.main' : level === 'amber' ? 'warning.main' : 'divider',
        bgcolor: (theme) =>
          level === 'red' ? lateCardBackground(theme) : theme.palette.background.paper,
        cursor: move ? 'grab' : 'default',
        breakInside: 'avoid',
      }}
    >
      <Stack
        direction="row"
        spacing={1}
        sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}
      >
        <Typography component="h3" sx={{ fontSize: size.no, fontWeight: 700, lineHeight: 1.2 }}>
          {order.order_no}
        </Typography>
        {fromEarlierDay(order, thresholds) && (
          <Chip
            size="small"
            color="warning"
            label={t('card.fromDay', { date: formatBusinessDate(order.business_date) })}
            data-testid="board-card-day"
            sx={{ fontWeight: 600, fontSize: size.meta }}
          />
        )}
        <Chip
          size="small"
          // The contract's words for where an order came from, as the order list and its file say.
          label={orderFileLabels[language].via[order.via]}
          color={order.via === 'MOBILE' ? 'info' : 'default'}
          variant="outlined"
          sx={{ fontWeight: 600, fontSize: size.meta }}
        />
        <Box sx={{ flexGrow: 1 }} />
        {clearable && onNotCollected && (
          <>
            <IconButton
              size="small"
              aria-label={t('notCollected.menu', { no: order.order_no })}
              aria-haspopup="menu"
              aria-expanded={Boolean(menuAt)}
              data-testid="board-card-menu"
              onClick={(e) => setMenuAt(e.currentTarget)}
            >
              <MoreVert fontSize="small" />
            </IconButton>
            <Menu anchorEl={menuAt} open={Boolean(menuAt)} onClose={() => setMenuAt(null)}>
              <MenuItem
                data-testid="board-not-collected"
                onClick={() => {
                  setMenuAt(null);
                  onNotCollected(order);
                }}
              >
                {t('notCollected.action')}
              </MenuItem>
            </Menu>
          </>
        )}
        <Tooltip title={timerTitle}>
          <Chip
            size={large ? 'medium' : 'small'}
            icon={levelIcon[level]}
            label={timerText}
            color={levelColor[level]}
            variant={level === 'normal' || level === 'done' ? 'outlined' : 'filled'}
            data-testid="board-card-timer"
            aria-label={timerTitle}
            sx={{ fontWeight: 600, fontSize: size.meta }}
          />
        </Tooltip>
      </Stack>
      <Typography sx={{ fontSize: size.meta, mt: 0.5 }} color="text.secondary">
        {t(`card.serving.${order.serving_method}`)}
        {who ? (
          <Box component="span" sx={{ color: 'text.primary', fontWeight: 600 }}>
            {` · ${who}`}
          </Box>
        ) : null}
        {showOutlet ? ` · ${order.outlet_name}` : null}
      </Typography>
      <Box
        component="ul"
        aria-label={t('card.items')}
        sx={{ listStyle: 'none', p: 0, m: 0, mt: 1, display: 'grid', gap: 0.75 }}
      >
        {order.items.map((item) => (
          <Box component="li" key={item.id}>
            <Typography sx={{ fontSize: size.body, fontWeight: 600, lineHeight: 1.3 }}>
              {`${item.quantity} × ${nameOf(item.name, item.name_my)}`}
            </Typography>
            {item.options.length > 0 && (
              <Typography sx={{ fontSize: size.meta, pl: 2 }} color="text.secondary">
                {item.options
                  .map((o) => `${nameOf(o.group, o.group_my)}: ${nameOf(o.name, o.name_my)}`)
                  .join(' · ')}
              </Typography>
            )}
            {item.addons.length > 0 && (
              <Typography sx={{ fontSize: size.meta, pl: 2 }} color="text.secondary">
                {item.addons.map((a) => `+ ${nameOf(a.name, a.name_my)}`).join(' · ')}
              </Typography>
            )}
            {item.notes && (
              <Typography
                sx={{
                  fontSize: size.meta,
                  pl: 2,
                  fontStyle: 'italic',
                  display: 'flex',
                  alignItems: 'center',
                  gap: 0.5,
                }}
              >
                <StickyNote2Outlined fontSize="inherit" aria-hidden />
                {t('card.notes', { notes: item.notes })}
              </Typography>
            )}
          </Box>
        ))}
      </Box>
      {(move || reject || handOver) && (
        <Stack direction="row" spacing={1} sx={{ mt: 1.5, justifyContent: 'flex-end' }}>
          {reject && (
            <Button
              color="error"
              size={large ? 'large' : 'medium'}
              onClick={() => onReject(order)}
              sx={{ minHeight: 44, color: rejectTextColour }}
            >
              {t('move.reject')}
            </Button>
          )}
          {move && (
            <Button
              variant="contained"
              color={move === 'COMPLETED' ? 'success' : 'primary'}
              size={large ? 'large' : 'medium'}
              onClick={() => onMove(order, move)}
              sx={{ minHeight: 44, minWidth: 112, fontWeight: 700 }}
            >
              {move === 'APPROVED' ? t('move.accept') : t('move.ready')}
            </Button>
          )}
          {handOver && onHandOver && (
            <Button
              variant="contained"
              color="primary"
              size={large ? 'large' : 'medium'}
              onClick={() => onHandOver(order)}
              data-testid="board-hand-over"
              sx={{ minHeight: 44, minWidth: 112, fontWeight: 700 }}
            >
              {t(`move.${handOver}`)}
            </Button>
          )}
        </Stack>
      )}
    </Card>
  );
});
