import type { ReactElement } from 'react';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { vi } from 'vitest';
import { renderWithProviders } from './render';

/**
 * Renders a create-or-edit drawer open (its close does nothing), each save answered by `answer`;
 * gives the drawer (test id `<name>-drawer`), a click on its save (`<name>-save`) and the save.
 */
export function renderFormDrawer(
  name: string,
  drawer: (form: {
    open: true;
    onClose: () => void;
    onSubmit: (...args: unknown[]) => Promise<void>;
  }) => ReactElement,
  answer: () => Promise<void> = () => Promise.resolve(),
) {
  const onSubmit = vi.fn((..._args: unknown[]) => answer());
  renderWithProviders(drawer({ open: true, onClose: () => undefined, onSubmit }));
  const shown = within(screen.getByTestId(`${name}-drawer`));
  const save = () => userEvent.click(shown.getByTestId(`${name}-save`));
  return { drawer: shown, save, onSubmit };
}
