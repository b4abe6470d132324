import { lazy, Suspense } from 'react';
import { BrowserRouter } from 'react-router';
import { useStore } from '../lib/store';
import { AppThemeProvider } from '../lib/theme/app-theme-provider';
import { toastHostWanted } from '../lib/toasts';
import { AppRoutes } from './router';

// notistack loads with the first toast (see lib/toasts).
const ToastHost = lazy(() =>
  import('../components/toast-host').then((m) => ({ default: m.ToastHost })),
);

function Toasts() {
  const wanted = useStore(toastHostWanted, (w) => w);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <ToastHost />
    </Suspense>
  );
}

export function App() {
  return (
    <AppThemeProvider>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
      <Toasts />
    </AppThemeProvider>
  );
}
