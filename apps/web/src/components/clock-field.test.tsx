import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ClockField, parseClockText } from './clock-field';

describe('24-hour clock field', () => {
  it('reads times of day on the 24-hour clock only', () => {
    expect(parseClockText('21:30')).toBe('21:30');
    expect(parseClockText('9:05')).toBe('09:05');
    expect(parseClockText('0930')).toBe('09:30');
    expect(parseClockText('00:00')).toBe('00:00');
    expect(parseClockText('24:00')).toBeNull();
    expect(parseClockText('9:30 PM')).toBeNull();
    expect(parseClockText('12:60')).toBeNull();
  });

  it('shows HH:mm and passes on whole times only', () => {
    const onChange = vi.fn();
    render(<ClockField label="Opens" ariaLabel="Monday opens" value="21:00" onChange={onChange} />);
    const input = screen.getByLabelText('Monday opens');
    expect(input).toHaveValue('21:00');
    expect(input).toHaveAttribute('placeholder', 'HH:mm');
    fireEvent.change(input, { target: { value: '21:' } });
    expect(onChange).not.toHaveBeenCalled();
    fireEvent.change(input, { target: { value: '21:30' } });
    expect(onChange).toHaveBeenLastCalledWith('21:30');
    fireEvent.change(input, { target: { value: '25:00' } });
    expect(input).toHaveAttribute('aria-invalid', 'true');
    fireEvent.blur(input);
    expect(input).toHaveValue('21:00');
  });
});
