import { useEffect } from 'react';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { VoucherCampaign } from '@kopi/contract';
import { issuing, useCampaignProgress } from '../api';
import { useCampaignStrings } from '../i18n';

/**
 * A campaign's codes issued against its audience. While its issuing job waits or works the
 * campaign is asked again every few seconds (a bar shows issued / total); when the job is over,
 * `onSettled` hears of it so the list can refresh the campaign's status.
 */
export function IssueProgress({
  campaign: listed,
  onSettled,
}: {
  campaign: VoucherCampaign;
  onSettled?: () => void;
}) {
  const { t } = useCampaignStrings();
  const { data } = useCampaignProgress(listed);
  const campaign = data ?? listed;
  const { job } = campaign;
  const active = issuing(campaign);
  const wasActive = issuing(listed);
  useEffect(() => {
    if (wasActive && !active) onSettled?.();
  }, [wasActive, active, onSettled]);

  if (!job) {
    return (
      <Typography variant="body2" color="text.secondary" data-testid="campaign-progress">
        {t('progress.notYet')}
      </Typography>
    );
  }
  // Issued codes are counted on the campaign; a job stopped by a pause or an end is "done" too.
  const counts = { issued: campaign.issued_count, total: job.total };
  const text =
    job.status === 'queued' && campaign.issued_count === 0
      ? t('progress.queued')
      : active
        ? t('progress.issuing', counts)
        : job.status === 'failed'
          ? t('progress.failed', counts)
          : campaign.issued_count < job.total
            ? t('progress.stopped', counts)
            : t('progress.done', counts);
  return (
    <Stack spacing={0.5} sx={{ minWidth: 160 }}>
      <Typography
        variant="body2"
        color={job.status === 'failed' ? 'error' : undefined}
        data-testid="campaign-progress"
      >
        {text}
      </Typography>
      {active && (
        <LinearProgress
          variant="determinate"
          value={job.total > 0 ? Math.min(100, (campaign.issued_count / job.total) * 100) : 0}
          aria-label={text}
        />
      )}
    </Stack>
  );
}
