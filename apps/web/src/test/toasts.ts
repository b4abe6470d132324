import { registerToastHost, type ToastRequest } from '../lib/toasts';

/** Stands in for the toast renderer: the toasts asked for, as "type:message". */
export function captureToasts() {
  const toasts: ToastRequest[] = [];
  registerToastHost({ show: (r) => toasts.push(r), dismiss: () => undefined });
  return { toasts, shown: () => toasts.map((t) => `${t.type}:${t.message}`) };
}
