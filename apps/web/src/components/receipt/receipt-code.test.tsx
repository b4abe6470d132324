import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { qrPath, ReceiptCode } from './receipt-code';

describe('the receipt’s code', () => {
  it('prints the day and number as a QR code and as text', () => {
    render(
      <ReceiptCode order={{ order_no: 'KL01-0012', business_date: '2026-11-29' }} label="Code" />,
    );
    const code = screen.getByTestId('receipt-code');
    // The rule: business day without dashes, a dash, the order number.
    expect(code).toHaveAttribute('data-code', '20261129-KL01-0012');
    expect(code).toHaveTextContent('20261129-KL01-0012');
    expect(screen.getByRole('img', { name: 'Code' })).toBeInTheDocument();
  });

  it('draws a version 1 code (21 modules) with its quiet zone, finder patterns at the corners', () => {
    const { size, path } = qrPath('20261129-KL01-0012');
    expect(size).toBe(21 + 8);
    // The top-left finder's corner module, right inside the 4-module quiet zone.
    expect(path).toContain('M4 4h1v1h-1z');
    expect(path).not.toContain('M3 ');
  });
});
