import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { weekWith } from '../../../test/week';
import { validateWeek, type Week } from '../hours';
import { HoursEditor } from './hours-editor';

/** The editor as the page uses it: controlled, checked on every change. */
function Harness({ initial, onChange }: { initial: Week; onChange?: (week: Week) => void }) {
  const [week, setWeek] = useState(initial);
  return (
    <HoursEditor
      week={week}
      problems={validateWeek(week)}
      onChange={(next) => {
        setWeek(next);
        onChange?.(next);
      }}
    />
  );
}

describe('weekly hours editor', () => {
  it('lists Monday first and shows a day without ranges as closed', () => {
    renderWithProviders(<Harness initial={weekWith({ 1: [['07:00', '15:00']] })} />);
    const days = screen.getAllByRole('group').map((g) => g.getAttribute('aria-label'));
    expect(days).toEqual([
      'Monday',
      'Tuesday',
      'Wednesday',
      'Thursday',
      'Friday',
      'Saturday',
      'Sunday',
    ]);
    expect(within(screen.getByTestId('hours-day-1')).queryByTestId('day-closed')).toBeNull();
    expect(within(screen.getByTestId('hours-day-0')).getByTestId('day-closed')).toHaveTextContent(
      'Closed',
    );
  });

  it('marks a range past midnight as ending the next day', () => {
    renderWithProviders(
      <Harness initial={weekWith({ 5: [['16:00', '01:00']], 4: [['08:00', '22:00']] })} />,
    );
    expect(within(screen.getByTestId('hours-day-5')).getByText('next day')).toBeInTheDocument();
    expect(within(screen.getByTestId('hours-day-4')).queryByText('next day')).toBeNull();
  });

  it('adds a second range after the first (a break) and flags an overlap until it is fixed', async () => {
    const onChange = vi.fn();
    renderWithProviders(
      <Harness initial={weekWith({ 2: [['07:00', '15:00']] })} onChange={onChange} />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Add hours on Tuesday' }));
    expect(onChange).toHaveBeenLastCalledWith(
      expect.arrayContaining([
        [
          { open: '07:00', close: '15:00' },
          { open: '15:00', close: '22:00' },
        ],
      ]),
    );
    expect(screen.queryByTestId('hours-problem')).toBeNull();

    fireEvent.change(screen.getByLabelText('Tuesday range 2 opens'), {
      target: { value: '14:00' },
    });
    expect(screen.getByTestId('hours-problem')).toHaveTextContent('Overlaps other opening hours.');
    expect(screen.getAllByTestId('hours-range')[1]).toHaveAttribute('data-problem', 'overlap');

    fireEvent.change(screen.getByLabelText('Tuesday range 2 opens'), {
      target: { value: '16:00' },
    });
    expect(screen.queryByTestId('hours-problem')).toBeNull();
  });

  it('says when a range opens and closes at the same time', () => {
    renderWithProviders(<Harness initial={weekWith({ 3: [['09:00', '09:00']] })} />);
    expect(screen.getByTestId('hours-problem')).toHaveTextContent(
      'Opening and closing times must differ.',
    );
  });

  it('removes a range and copies a day to every day', async () => {
    const onChange = vi.fn();
    renderWithProviders(
      <Harness
        initial={weekWith({
          1: [
            ['07:00', '15:00'],
            ['16:00', '22:00'],
          ],
        })}
        onChange={onChange}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Remove Monday range 1' }));
    expect(onChange).toHaveBeenLastCalledWith(
      expect.arrayContaining([[{ open: '16:00', close: '22:00' }]]),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Copy Monday hours to every day' }));
    const week = onChange.mock.lastCall?.[0] as Week;
    expect(week.every((ranges) => ranges.length === 1 && ranges[0]?.open === '16:00')).toBe(true);
    expect(screen.queryAllByTestId('day-closed')).toHaveLength(0);
  });
});
