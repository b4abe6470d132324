import type { ReactElement, ReactNode } from 'react';
import { ThemeProvider } from '@mui/material/styles';
import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { CanProvider, type CanCheck } from '../lib/can-context';
import { createAppTheme } from '../lib/theme/create-app-theme';

const theme = createAppTheme({
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

export function renderWithProviders(
  ui: ReactElement,
  {
    route = '/',
    path = '*',
    can = () => false,
    extraRoutes,
  }: { route?: string; path?: string; can?: CanCheck; extraRoutes?: ReactNode } = {},
) {
  return render(
    <ThemeProvider theme={theme}>
      <CanProvider value={can}>
        <MemoryRouter initialEntries={[route]}>
          <Routes>
            <Route path={path} element={ui} />
            {extraRoutes}
          </Routes>
          <LocationProbe />
        </MemoryRouter>
      </CanProvider>
    </ThemeProvider>,
  );
}
