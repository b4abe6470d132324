import { fireEvent, screen } from '@testing-library/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { messageKey } from '@kopi/contract';
import { useForm } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { renderWithProviders } from '../test/render';
import { FormPercentField } from './form-percent-field';

const schema = z.object({
  rate: z
    .number({ error: messageKey('invalid') })
    .int()
    .min(0)
    .max(10_000, { error: messageKey('max_value', { max: 100 }) }),
});

function Harness({ onSubmit }: { onSubmit: (bp: number) => void }) {
  const form = useForm<{ rate: number }>({
    resolver: zodResolver(schema),
    defaultValues: { rate: 600 },
  });
  return (
    <form onSubmit={form.handleSubmit((v) => onSubmit(v.rate))}>
      <FormPercentField control={form.control} name="rate" label="Service tax" />
      <button type="submit">Save</button>
    </form>
  );
}

describe('percent field', () => {
  it('shows basis points as a percentage and sends what is typed as basis points', async () => {
    const onSubmit = vi.fn();
    renderWithProviders(<Harness onSubmit={onSubmit} />);
    const input = screen.getByLabelText('Service tax');
    expect(input).toHaveValue('6');
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: '8.25' } });
    fireEvent.blur(input);
    expect(input).toHaveValue('8.25');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(onSubmit).toHaveBeenCalledWith(825));
  });

  it('refuses a percentage with three decimals or above 100', async () => {
    const onSubmit = vi.fn();
    renderWithProviders(<Harness onSubmit={onSubmit} />);
    const input = screen.getByLabelText('Service tax');
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: '6.125' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The value is invalid')).toBeInTheDocument();
    fireEvent.change(input, { target: { value: '150' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Maximal value is 100')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
