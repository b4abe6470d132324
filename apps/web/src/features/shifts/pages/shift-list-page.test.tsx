import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { emptySession, sessionStore } from '../../../lib/session/session-store';
import { mockFetch } from '../../../test/fetch-mock';
import { renderWithProviders } from '../../../test/render';
import { testShift } from '../../../test/shift';
import { ShiftListPage } from './shift-list-page';

beforeEach(() => sessionStore.setState(emptySession));
afterEach(() => vi.unstubAllGlobals());

describe('shift list', () => {
  it('writes its dates as SPEC §9 does: YYYY/MM/DD, and YYYY/MM/DD hh:mm:ss', async () => {
    mockFetch((call) =>
      call.url.startsWith('/api/shifts?')
        ? { body: { data: [testShift()], meta: { page: 1, page_size: 10, total: 1 } } }
        : { body: { data: [] } },
    );
    renderWithProviders(<ShiftListPage />, { route: '/shift/list', can: () => true });
    const row = await screen.findByTestId('shift-row-s1');
    // Business date 2026-06-10; opened at midnight UTC, 08:00 in Kuala Lumpur.
    expect(row).toHaveTextContent('2026/06/10 08:00:00');
    expect(row).toHaveTextContent(/2026\/06\/10\s*Kopi KL/);
    expect(row).not.toHaveTextContent('2026-06-10');
  });
});
