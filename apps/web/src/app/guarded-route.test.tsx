import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { clearSession, sessionStore } from '../lib/session/session-store';
import { renderWithProviders } from '../test/render';
import { PageSkeleton } from '../components/page-skeleton';
import { PageFallbackContext } from '../lib/page-fallback';
import { GuardedRoute, lazyPage } from './guarded-route';
import type { AppRouteDef } from './route-types';

function Page() {
  return <p>secret page</p>;
}

const aclRoute: AppRouteDef = {
  path: '/access-control',
  layout: 'default',
  access: 'signed-in',
  action: 'read',
  subject: 'acldemo',
  titleKey: 'pages.accessControl',
};

const signIn = () => sessionStore.setState((s) => ({ ...s, token: 'access' }));

afterEach(() => clearSession());

describe('GuardedRoute', () => {
  it('sends a visitor to sign in, keeping the page', async () => {
    renderWithProviders(<GuardedRoute def={aclRoute} page={Page} />, {
      route: '/access-control?tab=1',
      path: '/access-control',
    });
    expect(await screen.findByTestId('location')).toHaveTextContent(
      '/login?to=%2Faccess-control%3Ftab%3D1',
    );
    expect(screen.queryByText('secret page')).not.toBeInTheDocument();
  });

  it('sends a signed-in user without the ability to /not-authorized', async () => {
    signIn();
    renderWithProviders(<GuardedRoute def={aclRoute} page={Page} />, { route: '/access-control' });
    expect(await screen.findByTestId('location')).toHaveTextContent('/not-authorized');
  });

  it('renders the page when allowed and sets the document title', async () => {
    signIn();
    renderWithProviders(<GuardedRoute def={aclRoute} page={Page} />, {
      route: '/access-control',
      can: (action, subject) => action === 'read' && subject === 'acldemo',
    });
    expect(await screen.findByText('secret page')).toBeInTheDocument();
    expect(document.title).toBe('Access control | Kopi HQ');
  });

  it('sends a signed-in user away from sign-in', async () => {
    signIn();
    const login: AppRouteDef = {
      path: '/login',
      layout: 'blank',
      access: 'signed-out-only',
    };
    renderWithProviders(<GuardedRoute def={login} page={Page} />, { route: '/login' });
    expect(await screen.findByTestId('location')).toHaveTextContent(/^\/$/);
  });

  it('follows a redirect-only route', async () => {
    signIn();
    const index: AppRouteDef = {
      path: '/account-settings',
      layout: 'default',
      access: 'signed-in',
      redirectTo: '/account-settings/account',
    };
    renderWithProviders(<GuardedRoute def={index} page={null} />, { route: '/account-settings' });
    expect(await screen.findByTestId('location')).toHaveTextContent('/account-settings/account');
  });

  it('shows a skeleton of a page, not a blank area, while a framed page’s code loads', async () => {
    sessionStore.setState((s) => ({ ...s, token: 'access', abilities: [] }));
    const never = lazyPage({ ...aclRoute, action: undefined, page: () => new Promise(() => {}) });
    renderWithProviders(
      <PageFallbackContext.Provider value={<PageSkeleton />}>
        <GuardedRoute def={{ ...aclRoute, action: undefined, subject: undefined }} page={never} />
      </PageFallbackContext.Provider>,
      { route: '/access-control', path: '/access-control' },
    );
    expect(await screen.findByTestId('page-skeleton')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Loading…' })).toBeInTheDocument();
  });
});
