import type { ApprovalAction, Approver, PinStatus, SetPinInput } from '@kopi/contract';
import { http } from '../../lib/http/http';

// A manager's PIN: one's own (account settings) and who may approve at an outlet (the till).
export const approvalKeys = {
  pin: ['account', 'pin'] as const,
  approvers: (outletId: string, action: ApprovalAction) => ['approvers', outletId, action] as const,
};

export const listApprovers = (outletId: string, action: ApprovalAction) =>
  http.get<Approver[]>('/approvers', { query: { outlet_id: outletId, action } });
export const getPinStatus = () => http.get<PinStatus>('/account/pin');
export const setPin = (body: SetPinInput) =>
  http.put<PinStatus>('/account/pin', body, { errorToast: 'silent' });
export const clearPin = () => http.delete<PinStatus>('/account/pin');
