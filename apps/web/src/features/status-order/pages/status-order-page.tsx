import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import CloudOffOutlined from '@mui/icons-material/CloudOffOutlined';
import Fullscreen from '@mui/icons-material/Fullscreen';
import FullscreenExit from '@mui/icons-material/FullscreenExit';
import SensorsOutlined from '@mui/icons-material/SensorsOutlined';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  boardColumns,
  type Board,
  type BoardColumn as Column,
  type BoardOrder,
  type LiveOrderEvent,
  type OrderStatus,
  type ApprovalInput,
} from '@kopi/contract';
import { useCan } from '../../../lib/can-context';
import { formatDateTime } from '../../../lib/formatters';
import { liveSocket, onLiveOrderEvent } from '../../../lib/session/session-runtime';
import { useSessionUser } from '../../../lib/session/session-store';
import { useStore } from '../../../lib/store';
import { toast, toastHostWanted } from '../../../lib/toasts';
import {
  boardKeys,
  moveOrder,
  useBoard,
  useBoardOutlets,
  type BoardOutlet,
  type OutletSource,
} from '../api';
import { applyMove, dropMove, groupBoard, thresholdsByOutlet } from '../board';
import { useBoardFullscreen, useNow, useRememberedOutlet } from '../board-hooks';
import { BoardColumn } from '../components/board-column';
import { OrderCard } from '../components/order-card';
import { ReasonDialog } from '../components/reason-dialog';
import { useNotCollected } from '../use-not-collected';
import { useStatusBoardStrings } from '../i18n';
import { useHandOver } from '../use-hand-over';
import { movedAway, useConfirmReject } from '../use-confirm-reject';
import { useLiveRefresh } from '../../../lib/live/live-refresh';
import { RetryAlert } from '../../../components/retry-alert';
import { PageHeader } from '../../../components/page-header';
import { errorText } from '../../../lib/form-errors';

/** While the live link is down (or switched off for the tenant) the board polls this often. */
const POLL_MS = 15_000;
/**
 * A tap right after a move is ignored: the moved card's place is taken by the next one, and a
 * double tap must not accept that one too.
 */
const DOUBLE_TAP_MS = 350;

type MoveVars = {
  order: BoardOrder;
  status: OrderStatus;
  reason?: string;
  approval?: ApprovalInput;
};

/** /app/status-order (read status-order): the bar's board of new, preparing and ready orders. */
export function StatusOrderPage() {
  const { t, ts } = useStatusBoardStrings();
  const can = useCan();
  const mayUpdate = can('update', 'status-order');
  // Clearing a ready order as never collected is a manager's (update-order).
  const mayClear = can('update', 'order');
  const user = useSessionUser();
  const boundOutlet = user?.id_outlet ?? null;
  const outletSource: OutletSource = can('read', 'pos')
    ? 'pos'
    : can('read', 'outlet')
      ? 'outlets'
      : 'none';
  const [chosen, choose] = useRememberedOutlet(user?.id ?? null);
  const outlets = useBoardOutlets(outletSource, !boundOutlet);
  // A remembered outlet the user may no longer see falls back to all outlets.
  const outletId =
    boundOutlet || !chosen
      ? null
      : outlets.isSuccess && outletSource !== 'none' && !outlets.data.some((o) => o.id === chosen)
        ? null
        : chosen;

  // The toast renderer normally loads with the first toast. A board runs for hours behind the bar
  // and its first toast may come while the server is restarting, when that chunk cannot load and
  // the app would reload into the browser's error page: load it now, while the server is there.
  useEffect(() => toastHostWanted.setState(true), []);

  const liveStatus = useStore(liveSocket.status, (s) => s);
  const interrupted = liveStatus === 'reconnecting' || liveStatus === 'offline';
  const board = useBoard(outletId, liveStatus === 'open' ? false : POLL_MS);
  const queryClient = useQueryClient();
  const boardKey = boardKeys.board(outletId);
  const movesInFlight = useRef(0);

  const refetch = board.refetch;
  useLiveRefresh({
    // A move refetches when it settles, after any event that came meanwhile.
    refresh: () => (movesInFlight.current > 0 ? Promise.resolve() : refetch()),
    // Order events of the outlet(s) in view; catalogue events (sold out) do not touch the board.
    accepts: (event: LiveOrderEvent) =>
      Boolean(event.message.id_order) &&
      (!outletId || !event.message.outlet_id || event.message.outlet_id === outletId),
    subscribe: onLiveOrderEvent,
    status: liveSocket.status,
    resyncs: liveSocket.resyncs,
  });

  const move = useMutation({
    mutationFn: ({ order, status, reason, approval }: MoveVars) =>
      moveOrder(order.id, status, reason, approval),
    onMutate: async ({ order, status }) => {
      movesInFlight.current += 1;
      await queryClient.cancelQueries({ queryKey: boardKey });
      queryClient.setQueryData<Board>(boardKey, (current) =>
        current ? applyMove(current, order.id, status, new Date().toISOString()) : current,
      );
    },
    onError: (error, { order, approval }) => {
      // Put back this card only: another move made meanwhile keeps its own optimistic place.
      queryClient.setQueryData<Board>(boardKey, (current) =>
        current
          ? {
              ...current,
              orders: current.orders.some((o) => o.id === order.id)
                ? current.orders.map((o) => (o.id === order.id ? order : o))
                : [...current.orders, order],
            }
          : current,
      );
      // A move with a manager's PIN shows its failure in the PIN dialog.
      if (approval) return;
      if (movedAway(error)) toast.warning(t('move.alreadyMoved', { no: order.order_no }));
      else
        toast.error(
          t('move.failed', {
            no: order.order_no,
            message: errorText(error),
          }),
        );
    },
    onSuccess: (_, { order, status }) => {
      if (status === 'REJECTED') toast.success(t('move.rejected', { no: order.order_no }));
    },
    onSettled: () => {
      movesInFlight.current -= 1;
      void queryClient.invalidateQueries({ queryKey: boardKeys.all });
    },
  });

  const lastMoveAt = useRef(0);
  const mutate = move.mutate;
  const moveCard = useCallback(
    (order: BoardOrder, status: 'APPROVED' | 'COMPLETED') => {
      const at = Date.now();
      if (at - lastMoveAt.current < DOUBLE_TAP_MS) return;
      lastMoveAt.current = at;
      mutate({ order, status });
    },
    [mutate],
  );

  const handOver = useHandOver(outletId);
  const [clearing, setClearing] = useState<BoardOrder | null>(null);
  const confirmNotCollected = useNotCollected(outletId);

  const [rejecting, setRejecting] = useState<BoardOrder | null>(null);
  const { confirmReject, approvalDialog } = useConfirmReject(move.mutateAsync);

  const [dragging, setDragging] = useState<BoardOrder | null>(null);
  const endDrag = useCallback(() => setDragging(null), []);

  const fullscreen = useBoardFullscreen({ escapeBlocked: Boolean(rejecting ?? clearing) });
  const large = fullscreen.active;
  const now = useNow();

  const data = board.data;
  const groups = useMemo(() => groupBoard(data?.orders ?? []), [data]);
  const thresholdsOf = useMemo(() => thresholdsByOutlet(data ?? { thresholds: [] }), [data]);

  // Outlet names: the list for the user, plus any outlet that has orders on the board.
  const outletOptions = useMemo(() => {
    const byId = new Map<string, BoardOutlet>();
    for (const o of outlets.data ?? []) byId.set(o.id, o);
    for (const o of data?.orders ?? []) {
      if (!byId.has(o.outlet_id)) byId.set(o.outlet_id, { id: o.outlet_id, name: o.outlet_name });
    }
    if (chosen && !byId.has(chosen) && outletSource === 'none' && outletId) {
      byId.set(chosen, { id: chosen, name: chosen });
    }
    return [...byId.values()];
  }, [outlets.data, data, chosen, outletSource, outletId]);
  const showOutlet =
    !boundOutlet && !outletId && new Set(data?.orders.map((o) => o.outlet_id)).size > 1;

  const updatedAt = board.dataUpdatedAt ? formatDateTime(board.dataUpdatedAt).slice(11) : '';

  return (
    <Box
      data-testid="status-board"
      data-fullscreen={fullscreen.active ? 'true' : 'false'}
      data-live={liveStatus}
      sx={(theme) => ({
        display: 'flex',
        flexDirection: 'column',
        gap: 2,
        ...(fullscreen.active && {
          position: 'fixed',
          inset: 0,
          // Above the navigation, below dialogs and toasts (the reject dialog stays usable).
          zIndex: theme.zIndex.drawer + 1,
          bgcolor: 'background.default',
          p: { xs: 1.5, md: 2.5 },
          overflow: 'hidden',
        }),
      })}
    >
      <PageHeader
        title={t('page.title')}
        subtitle={large ? undefined : t('page.subtitle')}
        large={large}
        aside={
          <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1.5 }}>
            {liveStatus === 'open' && (
              <Chip
                icon={<SensorsOutlined />}
                label={t('page.live')}
                color="success"
                variant="outlined"
                size="small"
                data-testid="board-live"
              />
            )}
            {updatedAt && (
              <Typography variant="caption" color="text.secondary" aria-live="off">
                {t('page.updatedAt', { time: updatedAt })}
              </Typography>
            )}
            {!boundOutlet && (
              <TextField
                select
                size="small"
                label={t('page.outlet')}
                value={outletId ?? ''}
                onChange={(e) => choose(e.target.value || null)}
                sx={{ minWidth: 200 }}
                slotProps={{
                  // "All outlets" is a real choice: show it rather than an empty box.
                  select: {
                    displayEmpty: true,
                    SelectDisplayProps: { 'data-testid': 'board-outlet-filter' } as object,
                  },
                  inputLabel: { shrink: true },
                }}
              >
                <MenuItem value="">{t('page.allOutlets')}</MenuItem>
                {outletOptions.map((o) => (
                  <MenuItem key={o.id} value={o.id}>
                    {o.name}
                  </MenuItem>
                ))}
              </TextField>
            )}
            <Tooltip title={fullscreen.active ? t('page.exitFullscreen') : t('page.fullscreen')}>
              <IconButton
                onClick={fullscreen.toggle}
                aria-label={fullscreen.active ? t('page.exitFullscreen') : t('page.fullscreen')}
                aria-pressed={fullscreen.active}
                data-testid="board-fullscreen"
                size="large"
              >
                {fullscreen.active ? <FullscreenExit /> : <Fullscreen />}
              </IconButton>
            </Tooltip>
          </Stack>
        }
      />

      {interrupted && (
        <Alert
          severity="warning"
          icon={<CloudOffOutlined />}
          role="status"
          data-testid="board-live-interrupted"
        >
          {t('page.interrupted')}
        </Alert>
      )}

      {board.isError && !data ? (
        <RetryAlert onRetry={() => void board.refetch()}>
          {`${t('page.loadFailed')} ${board.error instanceof Error ? board.error.message : ''}`}
        </RetryAlert>
      ) : !data ? (
        <Box sx={{ display: 'grid', placeItems: 'center', py: 8 }}>
          <CircularProgress aria-label={ts('common.loading')} />
        </Box>
      ) : (
        <Box
          role="group"
          aria-label={t('page.board')}
          sx={{
            display: 'grid',
            gap: large ? 2 : 1.5,
            gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, minmax(0, 1fr))' },
            alignItems: 'stretch',
            ...(large && { flexGrow: 1, minHeight: 0, gridTemplateRows: 'minmax(0, 1fr)' }),
          }}
        >
          {boardColumns.map((status: Column) => (
            <BoardColumn
              key={status}
              status={status}
              count={groups[status].length + data.not_shown[status]}
              notShown={data.not_shown[status]}
              large={large}
              canDrop={Boolean(dragging && dropMove(dragging, status, mayUpdate))}
              onDrop={() => {
                if (dragging && dropMove(dragging, status, mayUpdate)) {
                  mutate({ order: dragging, status });
                }
                setDragging(null);
              }}
            >
              {groups[status].map((order) => (
                <OrderCard
                  key={order.id}
                  order={order}
                  now={now}
                  thresholds={thresholdsOf(order.outlet_id)}
                  mayUpdate={mayUpdate}
                  showOutlet={showOutlet}
                  large={large}
                  onMove={moveCard}
                  onReject={setRejecting}
                  onHandOver={handOver}
                  onNotCollected={mayClear ? setClearing : undefined}
                  onDragStart={setDragging}
                  onDragEnd={endDrag}
                />
              ))}
            </BoardColumn>
          ))}
        </Box>
      )}

      <ReasonDialog
        kind="reject"
        order={rejecting}
        onClose={() => setRejecting(null)}
        onConfirm={confirmReject}
      />
      <ReasonDialog
        kind="notCollected"
        order={clearing}
        onClose={() => setClearing(null)}
        onConfirm={confirmNotCollected}
      />
      {approvalDialog}
    </Box>
  );
}
