-- FPX online banking is a payment method of its own: the app pays with it through a gateway
-- (Billplz, iPay88, Fiuu), and reports show it apart from cards and e-wallets.
ALTER TABLE "order_payments" DROP CONSTRAINT "order_payments_method_check";--> statement-breakpoint
ALTER TABLE "order_payments" ADD CONSTRAINT "order_payments_method_check" CHECK ("order_payments"."method" in ('cash', 'card', 'fpx', 'duitnow_qr', 'tng', 'grabpay', 'boost', 'shopeepay', 'wallet'));