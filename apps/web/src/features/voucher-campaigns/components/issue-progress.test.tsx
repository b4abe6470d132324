import { useState } from 'react';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { VoucherCampaign } from '@kopi/contract';
import { renderWithProviders } from '../../../test/render';
import { testCampaign, testJob } from '../test-campaigns';
import { IssueProgress } from './issue-progress';

// The progress follows the list: when the list answers the job a campaign just got (it went live
// on a move), the progress shows that job, not the "nothing issued" it showed before, also when
// the job was already done by the time the list answered (a small audience).

/** The list's answers for one campaign, one after another (each click a refresh). */
function Listed({ answers }: { answers: VoucherCampaign[] }) {
  const [i, setI] = useState(0);
  return (
    <>
      <IssueProgress campaign={answers[i]!} />
      <button onClick={() => setI((n) => n + 1)}>Refresh</button>
    </>
  );
}

describe('IssueProgress', () => {
  it('shows the job a refreshed list answers, already done, for a campaign that had none', async () => {
    const answers = [
      testCampaign('c1', 'Comeback', { status: 'draft' }),
      testCampaign('c1', 'Comeback', {
        status: 'ongoing',
        issued_count: 1,
        job: testJob({ status: 'done', done: 1, total: 1 }),
      }),
    ];
    renderWithProviders(<Listed answers={answers} />);
    expect(screen.getByTestId('campaign-progress')).toHaveTextContent('Nothing issued yet');
    await userEvent.click(screen.getByText('Refresh'));
    expect(screen.getByTestId('campaign-progress')).toHaveTextContent('1 of 1 codes issued');
  });

  it('shows the job a refreshed list answers for a campaign that had none', async () => {
    const answers = [
      testCampaign('c1', 'Comeback', { status: 'draft' }),
      testCampaign('c1', 'Comeback', {
        status: 'ongoing',
        job: testJob({ status: 'queued', total: 1 }),
      }),
      testCampaign('c1', 'Comeback', {
        status: 'ongoing',
        issued_count: 1,
        job: testJob({ status: 'done', done: 1, total: 1 }),
      }),
    ];
    renderWithProviders(<Listed answers={answers} />);
    const progress = () => screen.getByTestId('campaign-progress');
    expect(progress()).toHaveTextContent('Nothing issued yet');
    await userEvent.click(screen.getByText('Refresh'));
    expect(progress()).toHaveTextContent('Waiting to start issuing…');
    await userEvent.click(screen.getByText('Refresh'));
    expect(progress()).toHaveTextContent('1 of 1 codes issued');
  });
});
