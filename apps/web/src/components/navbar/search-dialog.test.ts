import { describe, expect, it } from 'vitest';
import { searchPages } from './search-dialog';

const pages = [
  { path: '/dashboard', title: 'Papan Pemuka', icon: 'Dashboard' },
  { path: '/access-control', title: 'Kawalan akses', icon: null },
  { path: '/account-settings/security', title: 'Keselamatan', icon: null },
];

describe('page search', () => {
  it('matches titles and paths, ignoring case and accents', () => {
    expect(searchPages(pages, 'PAPAN').map((p) => p.path)).toEqual(['/dashboard']);
    expect(searchPages(pages, 'settings').map((p) => p.path)).toEqual([
      '/account-settings/security',
    ]);
    expect(searchPages(pages, 'kesélamatan').map((p) => p.path)).toEqual([
      '/account-settings/security',
    ]);
    expect(searchPages(pages, '  ')).toHaveLength(3);
    expect(searchPages(pages, 'pos')).toEqual([]);
  });
});
