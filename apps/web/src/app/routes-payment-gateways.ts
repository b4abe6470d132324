import type { AppRouteDef } from './route-types';

// Signed-in routes of the payment gateways (decision 044): a business's gateway accounts, or the
// platform's own for the superadmin outside any tenant (General Settings → Payment Gateway).
export const paymentGatewayRoutes: AppRouteDef[] = [
  {
    path: '/ge/payment-gateway',
    layout: 'default',
    access: 'signed-in',
    action: 'read',
    subject: 'payment-gateway',
    titleKey: 'pageTitles.paymentGateway',
    icon: 'Payments',
    searchable: true,
    page: () =>
      import('../features/payment-gateways/pages/payment-gateway-page').then(
        (m) => m.PaymentGatewayPage,
      ),
  },
  {
    // A gateway's payments of a range beside its own record (decision 047).
    path: '/ge/payment-gateway/reconciliation',
    layout: 'default',
    access: 'signed-in',
    action: 'read',
    subject: 'payment-gateway',
    titleKey: 'pageTitles.paymentGatewayReconciliation',
    icon: 'Payments',
    searchable: true,
    page: () =>
      import('../features/payment-gateways/pages/reconciliation-page').then(
        (m) => m.ReconciliationPage,
      ),
  },
];
