import { act, render, screen } from '@testing-library/react';
import Autocomplete from '@mui/material/Autocomplete';
import Pagination from '@mui/material/Pagination';
import TextField from '@mui/material/TextField';
import { afterEach, describe, expect, it } from 'vitest';
import { addShellStrings, ensureLanguage, i18n } from '../i18n/i18n';
import { enShell } from '../i18n/en-shell';
import { AppThemeProvider } from './app-theme-provider';

// MUI's components speak the screen's language: their own words come from the shell's strings
// through the theme, and follow a change of language.

afterEach(async () => {
  await i18n.changeLanguage('en');
});

function Screen() {
  return (
    <AppThemeProvider>
      <Autocomplete
        options={['Kopi']}
        renderInput={(params) => <TextField {...params} label="Drink" />}
      />
      <Pagination count={3} page={1} />
    </AppThemeProvider>
  );
}

describe('MUI texts', () => {
  it("names an autocomplete's buttons and the pagination in English, then in Malay", async () => {
    addShellStrings(enShell);
    render(<Screen />);
    expect(screen.getByRole('button', { name: 'Open' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'pagination navigation' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Go to next page' })).toBeInTheDocument();

    await ensureLanguage('my');
    await act(() => i18n.changeLanguage('my'));
    expect(screen.getByRole('button', { name: 'Buka' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'navigasi halaman' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pergi ke halaman seterusnya' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pergi ke halaman 2' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'halaman 1' })).toBeInTheDocument();
  });
});
