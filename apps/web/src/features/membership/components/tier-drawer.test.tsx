import { waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MembershipTier } from '@kopi/contract';
import { describe, expect, it } from 'vitest';
import { renderFormDrawer } from '../../../test/render-drawer';
import { TierDrawer } from './tier-drawer';
import { retype } from '../../../test/user-steps';

const gold: MembershipTier = {
  id: 't-gold',
  name_en: 'Gold',
  name_my: 'Emas',
  threshold: 50_000,
  points_per_rm: 150,
  colour: '#D4AF37',
  benefits_en: 'Free upsize',
  benefits_my: 'Saiz besar percuma',
  members: 12,
};

function renderDrawer(tier: MembershipTier | null, basis: 'points' | 'spend' = 'points') {
  return renderFormDrawer('tier', (form) => <TierDrawer {...form} tier={tier} basis={basis} />);
}

// Typing a whole tier is many keystrokes: slow on a busy 2-core machine.
describe('tier drawer', { timeout: 30_000 }, () => {
  it('refuses an empty tier with the contract’s messages, and a colour that is not #RRGGBB', async () => {
    const { drawer, save, onSubmit } = renderDrawer(null);
    await save();
    await waitFor(() => expect(drawer.getAllByText('This field is required')).toHaveLength(3));
    await retype(drawer.getByTestId('tier-colour'), 'gold');
    await retype(drawer.getByTestId('tier-multiplier'), '1.555');
    await save();
    expect(await drawer.findByText('The pattern is #RRGGBB')).toBeInTheDocument();
    expect(
      drawer.getByText('Enter a number with at most two decimals, e.g. 1.5'),
    ).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('adds a tier: points threshold, "1.5" as 150 hundredths, colour and benefits', async () => {
    const { drawer, save, onSubmit } = renderDrawer(null);
    await userEvent.type(drawer.getByLabelText('Name (English)'), 'Silver');
    await userEvent.type(drawer.getByLabelText('Name (Melayu)'), 'Perak');
    await userEvent.type(drawer.getByLabelText('From (points)'), '1000');
    await retype(drawer.getByTestId('tier-multiplier'), '1.5');
    await retype(drawer.getByTestId('tier-colour'), '#C0C0C0');
    await userEvent.type(drawer.getByLabelText('Benefits (English)'), 'Birthday drink');
    await save();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]).toEqual([
      {
        name_en: 'Silver',
        name_my: 'Perak',
        threshold: 1000,
        points_per_rm: 150,
        colour: '#C0C0C0',
        benefits_en: 'Birthday drink',
        benefits_my: '',
      },
    ]);
  });

  it.each([
    ['spend', 'From (spend)', 'The maximum amount is RM 1,000,000.00'],
    ['points', 'From (points)', 'Maximal value is 100,000,000'],
  ] as const)(
    'says the range of a %s threshold too large in its unit',
    async (basis, label, why) => {
      const { drawer, save, onSubmit } = renderDrawer(gold, basis);
      await retype(drawer.getByLabelText(label), '99999999999');
      await save();
      expect(await drawer.findByText(why)).toBeInTheDocument();
      expect(onSubmit).not.toHaveBeenCalled();
    },
  );

  it('edits a spend tier with its threshold in RM, kept in sen', async () => {
    const { drawer, save, onSubmit } = renderDrawer(gold, 'spend');
    const threshold = drawer.getByLabelText('From (spend)');
    expect(threshold).toHaveValue('500.00');
    expect(drawer.getByTestId('tier-multiplier')).toHaveValue('1.5');
    await retype(threshold, '750.50');
    await save();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]).toEqual([
      expect.objectContaining({ threshold: 75_050, points_per_rm: 150, name_en: 'Gold' }),
    ]);
  });
});
