import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FlagLabel, StatusLabel, normaliseStatus, statusColor } from './status-label';

describe('status label (SPEC §4)', () => {
  it('colours each record status', () => {
    expect(statusColor('PENDING')).toBe('warning');
    expect(statusColor('APPROVED')).toBe('info');
    expect(statusColor('waiting_transfer')).toBe('secondary');
    expect(statusColor('TRANSFERED')).toBe('primary');
    expect(statusColor('REJECTED')).toBe('error');
    expect(statusColor('COMPLETED')).toBe('success');
    expect(statusColor('CREATED')).toBe('default');
    expect(normaliseStatus('Waiting Transfer')).toBe('WAITING TRANSFER');
  });

  it('shows an unknown status like CREATED', () => {
    render(<StatusLabel status="ON_HOLD" />);
    const chip = screen.getByText('ON HOLD').closest('[data-status]');
    expect(chip).toHaveAttribute('data-status', 'CREATED');
    expect(statusColor('ON_HOLD')).toBe(statusColor('CREATED'));
  });

  it('labels known statuses in the interface language', () => {
    render(<StatusLabel status="WAITING TRANSFER" />);
    expect(screen.getByText('Waiting transfer')).toBeInTheDocument();
  });

  it('shows Active/Disabled and Enabled/Disabled as success/error', () => {
    render(
      <>
        <FlagLabel on />
        <FlagLabel on={false} />
        <FlagLabel on kind="enabled" />
      </>,
    );
    expect(screen.getByText('Active').closest('.MuiChip-root')).toHaveClass('MuiChip-colorSuccess');
    expect(screen.getByText('Disabled').closest('.MuiChip-root')).toHaveClass('MuiChip-colorError');
    expect(screen.getByText('Enabled').closest('.MuiChip-root')).toHaveClass(
      'MuiChip-colorSuccess',
    );
  });
});
