import Grid from '@mui/material/Grid';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { zodResolver } from '@hookform/resolvers/zod';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { HttpError } from '../../lib/http/http-client';
import { renderWithProviders } from '../../test/render';
import { FormField } from '../form-fields';
import { EntityDrawer } from './entity-drawer';
import { useEntityForm } from './use-entity-form';

const schema = z.object({ name: z.string().min(1) });
type Values = z.infer<typeof schema>;
interface Thing {
  id: string;
  name: string;
}

function ThingDrawer({
  thing,
  onSubmit,
  onRefused,
}: {
  thing: Thing | null;
  onSubmit: (values: Values) => Promise<void>;
  onRefused?: (error: unknown, placed: number) => void;
}) {
  const { form, submit, busy } = useEntityForm({
    open: true,
    record: thing,
    blank: { name: '' },
    valuesOf: (t: Thing) => ({ name: t.name }),
    resolver: zodResolver(schema),
    fields: ['name'],
    onSubmit,
    onRefused,
  });
  return (
    <EntityDrawer
      name="thing"
      open
      title="Edit thing"
      width={400}
      busy={busy}
      onClose={() => undefined}
      onSubmit={submit}
    >
      <Grid size={12}>
        <FormField control={form.control} name="name" label="Name" />
      </Grid>
    </EntityDrawer>
  );
}

describe('entity drawer', () => {
  it('opens filled from the record and saves the edited values', async () => {
    const onSubmit = vi.fn(() => Promise.resolve());
    renderWithProviders(<ThingDrawer thing={{ id: 't1', name: 'Kaya' }} onSubmit={onSubmit} />);
    const drawer = within(screen.getByTestId('thing-drawer'));
    expect(drawer.getByRole('dialog', { name: 'Edit thing' })).toBeInTheDocument();
    const name = drawer.getByLabelText('Name');
    expect(name).toHaveValue('Kaya');
    await userEvent.type(name, ' toast');
    await userEvent.click(drawer.getByTestId('thing-save'));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ name: 'Kaya toast' }));
  });

  it('puts a server refusal on the field it names and reports it', async () => {
    const refusal = new HttpError(400, 'Invalid', {
      details: [{ path: 'name', message: 'validation.required' }],
    } as never);
    const onRefused = vi.fn();
    renderWithProviders(
      <ThingDrawer thing={null} onSubmit={() => Promise.reject(refusal)} onRefused={onRefused} />,
    );
    const drawer = within(screen.getByTestId('thing-drawer'));
    await userEvent.type(drawer.getByLabelText('Name'), 'Milo');
    await userEvent.click(drawer.getByTestId('thing-save'));
    await waitFor(() => expect(onRefused).toHaveBeenCalledWith(refusal, 1));
    expect(drawer.getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true');
  });
});
