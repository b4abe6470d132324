import type { ReactElement, ReactNode } from 'react';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { CanProvider, type CanCheck } from '../lib/can-context';
import { createAppTheme } from '../lib/theme/create-app-theme';
import { GridFieldCells } from '../components/field-cells';

/** The theme tests render with: the default skin and colour, light, left to right. */
export const testTheme = createAppTheme({
  mode: 'light',
  primaryColor: '#7A9E7E',
  skin: 'default',
  direction: 'ltr',
});

/** Shows where the router ended up, for redirect assertions. */
export function LocationProbe() {
  const location = useLocation();
  return <div data-testid="location">{`${location.pathname}${location.search}`}</div>;
}

/** Where the router is now (path and query), as the LocationProbe shows it. */
export const currentLocation = () => screen.getByTestId('location').textContent ?? '';

/** A query client for one test: a failed query fails at once instead of retrying. */
export const testQueryClient = () =>
  new QueryClient({ defaultOptions: { queries: { retry: false } } });

/**
 * Renders `ui` as the app would: theme, permissions (`can`), a router at `route` with `ui` at
 * `path` (plus `extraRoutes`), and a fresh query client unless the test passes its own.
 */
export function renderWithProviders(
  ui: ReactElement,
  {
    route = '/',
    path = '*',
    can = () => false,
    extraRoutes,
    queryClient = testQueryClient(),
  }: {
    route?: string;
    path?: string;
    can?: CanCheck;
    extraRoutes?: ReactNode;
    queryClient?: QueryClient;
  } = {},
) {
  return render(
    <ThemeProvider theme={testTheme}>
      <QueryClientProvider client={queryClient}>
        <CanProvider value={can}>
          <MemoryRouter initialEntries={[route]}>
            <Routes>
              <Route path={path} element={<GridFieldCells>{ui}</GridFieldCells>} />
              {extraRoutes}
            </Routes>
            <LocationProbe />
          </MemoryRouter>
        </CanProvider>
      </QueryClientProvider>
    </ThemeProvider>,
  );
}
