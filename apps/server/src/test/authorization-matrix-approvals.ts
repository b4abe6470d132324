import { DEMO_PASSWORD } from '../db/seed-data';

// The authorization matrix's requests for a manager's PIN: one's own PIN (set with the demo
// password, then removed), and who may approve a no-sale at an outlet.

export function approvalMatrixRequests(outlets: () => { own: string; other: string }) {
  return {
    'GET /api/account/pin': () => ({ url: '/api/account/pin' }),
    'PUT /api/account/pin': () => ({
      url: '/api/account/pin',
      payload: { pin: '4826', pin_confirm: '4826', old_password: DEMO_PASSWORD },
    }),
    'DELETE /api/account/pin': () => ({ url: '/api/account/pin' }),
    'GET /api/approvers': () => ({
      url: `/api/approvers?outlet_id=${outlets().own}&action=no_sale`,
    }),
    'GET /api/approvers|other outlet': () => ({
      url: `/api/approvers?outlet_id=${outlets().other}&action=no_sale`,
    }),
  };
}

export const approvalMatrixAudits: Record<string, string> = {
  'PUT /api/account/pin': 'user.pin_set user',
  'DELETE /api/account/pin': 'user.pin_clear user',
};
