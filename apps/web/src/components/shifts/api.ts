import { useCallback } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { defaultLocale, localeSchema } from '@kopi/contract';
import type {
  CashMovement,
  CashMovementCreate,
  CurrentShifts,
  DrawerOpening,
  DrawerOpeningCreate,
  MoneyWorking,
  MyShiftsQuery,
  ShiftView,
  ShiftClose,
  ShiftListQuery,
  ShiftOpen,
  ShiftSummary,
  Till,
  TillCreate,
  TillUpdate,
} from '@kopi/contract';
import { http } from '../../lib/http/http';
import { fetchPage } from '../../lib/http/paged-list';
import { downloadFile } from '../../lib/http/transfer';
import { i18n } from '../../lib/i18n/i18n';

// /api/tills and /api/shifts (subject shift): the POS's shift controls and the shift pages share
// them. Writes carry an Idempotency-Key (the client adds one per call and keeps it on a retry).
export const shiftKeys = {
  all: ['shifts'] as const,
  tills: (outletId: string) => [...shiftKeys.all, 'tills', outletId] as const,
  current: (outletId: string) => [...shiftKeys.all, 'current', outletId] as const,
  one: (id: string) => [...shiftKeys.all, 'one', id] as const,
  working: (id: string) => [...shiftKeys.all, 'working', id] as const,
  list: (q: ShiftListQuery) => [...shiftKeys.all, 'list', q] as const,
  mine: (q: MyShiftsQuery) => [...shiftKeys.all, 'mine', q] as const,
};

export const listTills = (outletId: string) =>
  http.get<Till[]>('/tills', { query: { outlet_id: outletId } });
export const createTill = (body: TillCreate) => http.post<Till>('/tills', body);
export const renameTill = (id: string, body: TillUpdate) => http.put<Till>(`/tills/${id}`, body);
export const deleteTill = (id: string) => http.delete<{ id: string }>(`/tills/${id}`);
export const currentShifts = (outletId: string) =>
  http.get<CurrentShifts>('/shifts/current', { query: { outlet_id: outletId } });
export const getShift = (id: string) => http.get<ShiftView>(`/shifts/${id}`);
/** The rows behind a shift's figures (decision 049). */
export const getShiftWorking = (id: string) => http.get<MoneyWorking>(`/shifts/${id}/working`);
/** The same rows as CSV, in the screen's language. */
export const exportShiftWorking = (id: string) =>
  downloadFile(
    `/shifts/${id}/working/export`,
    { lang: localeSchema.catch(defaultLocale).parse(i18n.language) },
    `shift-working-${id.slice(0, 8)}.csv`,
  );
export const listShifts = (q: ShiftListQuery) => fetchPage<ShiftSummary>('/shifts', q);
export const openShift = (body: ShiftOpen) =>
  http.post<ShiftView>('/shifts', body, { errorToast: 'silent' });
export const addCashMovement = (shiftId: string, body: CashMovementCreate) =>
  http.post<CashMovement>(`/shifts/${shiftId}/movements`, body, { errorToast: 'silent' });
export const closeShift = (shiftId: string, body: ShiftClose) =>
  http.post<ShiftView>(`/shifts/${shiftId}/close`, body, { errorToast: 'silent' });

/** The signed-in user's own shifts, closed ones too (a cashier reprints a closed report). */
export const listMyShifts = (q: MyShiftsQuery) => fetchPage<ShiftSummary>('/shifts/mine', q);
/** "No sale": the drawer opened with a reason; `errorToast` silent while a PIN dialog shows it. */
export const openDrawer = (
  shiftId: string,
  body: DrawerOpeningCreate,
  options: { errorToast?: 'silent' | 'default' } = {},
) =>
  http.post<DrawerOpening>(`/shifts/${shiftId}/drawer-openings`, body, {
    errorToast: options.errorToast ?? 'silent',
  });

export function useMyShifts(q: MyShiftsQuery, enabled: boolean) {
  return useQuery({ queryKey: shiftKeys.mine(q), queryFn: () => listMyShifts(q), enabled });
}

export function useTills(outletId: string | null) {
  return useQuery({
    queryKey: shiftKeys.tills(outletId ?? ''),
    queryFn: () => listTills(outletId!),
    enabled: outletId !== null,
  });
}

export function useCurrentShifts(outletId: string | null) {
  return useQuery({
    queryKey: shiftKeys.current(outletId ?? ''),
    queryFn: () => currentShifts(outletId!),
    enabled: outletId !== null,
  });
}

export function useShift(id: string | null) {
  return useQuery({
    queryKey: shiftKeys.one(id ?? ''),
    queryFn: () => getShift(id!),
    enabled: id !== null,
  });
}

/** Loaded once a figure of the shift's report is opened (`enabled`). */
export function useShiftWorking(id: string, enabled: boolean) {
  return useQuery({
    queryKey: shiftKeys.working(id),
    queryFn: () => getShiftWorking(id),
    enabled,
    // Read afresh each time a figure is opened: an open shift keeps selling.
    staleTime: 0,
  });
}

/** Reloads every shift read after a write (open, movement, close). */
export function useRefreshShifts() {
  const client = useQueryClient();
  return useCallback(() => client.invalidateQueries({ queryKey: shiftKeys.all }), [client]);
}
