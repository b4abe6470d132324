import type { ShiftListQuery } from '@kopi/contract';
import { usePagedQuery } from '../../lib/http/paged-list';
import { listShifts, shiftKeys } from '../../components/shifts/api';

// The shift pages read /api/shifts (read-shift); the calls are shared with the POS's shift
// controls (components/shifts/api.ts).
export const useShiftList = (query: ShiftListQuery) =>
  usePagedQuery(shiftKeys.list(query), () => listShifts(query));
