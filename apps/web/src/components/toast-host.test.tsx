import { act, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ThemeProvider } from '@mui/material/styles';
import { resetToasts, toast } from '../lib/toasts';
import { testTheme } from '../test/render';
import { ToastHost } from './toast-host';

afterEach(() => resetToasts());

describe('toast host (notistack)', () => {
  it('shows one toast at a time: the newest replaces the older, the same type is dropped', async () => {
    render(<ToastHost />);
    await waitFor(() => expect(toast.success('Saved')).not.toBeNull());
    expect(await screen.findByTestId('toast-success')).toHaveTextContent('Saved');
    act(() => {
      expect(toast.success('Saved again')).toBeNull();
    });
    expect(screen.queryByText('Saved again')).not.toBeInTheDocument();
    act(() => {
      toast.error('Internal server error');
    });
    expect(await screen.findByTestId('toast-error')).toHaveTextContent('Internal server error');
    await waitFor(() => expect(screen.queryByTestId('toast-success')).not.toBeInTheDocument());
    expect(screen.getAllByRole('alert')).toHaveLength(1);
  });

  it('draws toasts above dialogs (the theme layer of snackbars, over modals)', async () => {
    render(
      <ThemeProvider theme={testTheme}>
        <ToastHost />
      </ThemeProvider>,
    );
    await waitFor(() => expect(toast.error('Wrong password')).not.toBeNull());
    const alert = await screen.findByTestId('toast-error');
    const layer = alert.closest('.notistack-SnackbarContainer')!;
    expect(layer).toHaveClass('kopi-toast-layer');
    const zIndex = Number(getComputedStyle(layer).zIndex);
    expect(zIndex).toBe(testTheme.zIndex.snackbar);
    expect(zIndex).toBeGreaterThan(testTheme.zIndex.modal);
  });
});
