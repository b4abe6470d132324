import { forwardRef, useEffect } from 'react';
import Alert from '@mui/material/Alert';
import GlobalStyles from '@mui/material/GlobalStyles';
import {
  closeSnackbar,
  enqueueSnackbar,
  SnackbarContent,
  SnackbarProvider,
  type CustomContentProps,
} from 'notistack';
import { useTranslation } from '../lib/i18n/use-translation';
import {
  maxToasts,
  registerToastHost,
  toastDurations,
  toastPosition,
  toastTopVariable,
} from '../lib/toasts';

/** Toasts drawn with the theme's alert colours (readable contrast in both themes). */
const ToastContent = forwardRef<HTMLDivElement, CustomContentProps>(function ToastContent(
  { id, message, variant },
  ref,
) {
  const { t } = useTranslation();
  const severity = variant === 'default' ? 'info' : variant;
  return (
    <SnackbarContent ref={ref}>
      <Alert
        severity={severity}
        variant="filled"
        data-testid={`toast-${severity}`}
        closeText={t('common.close')}
        onClose={() => closeSnackbar(id)}
        sx={{ minWidth: 280, maxWidth: 420, boxShadow: 6 }}
      >
        {message}
      </Alert>
    </SnackbarContent>
  );
});

const components = {
  default: ToastContent,
  success: ToastContent,
  error: ToastContent,
  warning: ToastContent,
  info: ToastContent,
};

function Register() {
  useEffect(() => {
    registerToastHost({
      show: ({ key, type, message, durationMs, onGone }) =>
        void enqueueSnackbar(message, {
          key,
          variant: type,
          autoHideDuration: durationMs,
          onExited: onGone,
        }),
      dismiss: (key) => closeSnackbar(key),
    });
    return () => registerToastHost(null);
  }, []);
  return null;
}

/** The toast container's class; notistack's own layer (1400) is below MUI's dialogs (theme). */
export const toastLayerClass = 'kopi-toast-layer';

/**
 * Toasts sit above dialogs (theme.zIndex.snackbar over theme.zIndex.modal): a message raised
 * from a dialog (the lock screen's wrong password) would otherwise be drawn under it.
 */
const toastLayer = (
  <GlobalStyles
    styles={(theme) => ({
      [`.notistack-SnackbarContainer.${toastLayerClass}`]: {
        zIndex: theme.zIndex.snackbar,
        // A screen whose own actions sit top-right (the POS) moves the toasts below them.
        top: `var(${toastTopVariable}, 14px)`,
      },
    })}
  />
);

/**
 * SPEC §9: top-right, one at a time; notistack replaces the oldest when a new one exceeds
 * maxSnack, so the newest shows. The spec's drag threshold (0.1) has no counterpart: notistack
 * toasts are not draggable.
 */
export function ToastHost() {
  return (
    <SnackbarProvider
      maxSnack={maxToasts}
      anchorOrigin={toastPosition}
      autoHideDuration={toastDurations.standard}
      Components={components}
      classes={{ containerRoot: toastLayerClass }}
    >
      {toastLayer}
      <Register />
    </SnackbarProvider>
  );
}
