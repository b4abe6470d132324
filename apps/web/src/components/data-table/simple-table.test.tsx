import { render, screen, within } from '@testing-library/react';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import { describe, expect, it } from 'vitest';
import { SimpleTable } from './simple-table';

// jsdom's CSS is that of a 1024 px screen: a tablet, where low-priority columns give way.

function renderItems() {
  render(
    <SimpleTable
      aria-label="Items"
      cells={['Item', { label: 'Each', align: 'right', priority: 'low' }, 'Qty']}
      trail
    >
      <TableRow>
        <TableCell>Kopi O</TableCell>
        <TableCell>2.50</TableCell>
        <TableCell>2</TableCell>
        <TableCell>
          <button type="button">Remove</button>
        </TableCell>
      </TableRow>
    </SimpleTable>,
  );
  return screen.getByRole('table', { name: 'Items' });
}

describe('simple table', () => {
  it('draws the bold header, with an empty last column for the row buttons', () => {
    const table = renderItems();
    expect(
      within(table)
        .getAllByRole('columnheader', { hidden: true })
        .map((h) => h.textContent),
    ).toEqual(['Item', 'Each', 'Qty', '']);
  });

  it("hides a low-priority column's header and cells by position on a tablet", () => {
    const table = renderItems();
    expect(within(table).getByText('Kopi O')).toBeVisible();
    expect(within(table).getByText('2')).toBeVisible();
    expect(within(table).getByText('Each')).not.toBeVisible();
    expect(within(table).getByText('2.50')).not.toBeVisible();
    expect(within(table).getByRole('button', { name: 'Remove' })).toBeVisible();
  });

  it('keeps a message across the table in sight though its first column gives way', () => {
    render(
      <SimpleTable aria-label="Pictures" cells={[{ label: 'Image', priority: 'low' }, 'Name']}>
        <TableRow>
          <TableCell colSpan={2}>No pictures yet</TableCell>
        </TableRow>
      </SimpleTable>,
    );
    expect(screen.getByText('No pictures yet')).toBeVisible();
    expect(screen.getByText('Image')).not.toBeVisible();
  });
});
