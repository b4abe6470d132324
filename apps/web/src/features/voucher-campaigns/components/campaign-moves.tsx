import { useState } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { campaignMovesFrom, type CampaignMove, type VoucherCampaign } from '@kopi/contract';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { toast } from '../../../lib/toasts';
import { moveCampaign } from '../api';
import { useCampaignStrings } from '../i18n';

/** Ending for good, and pausing, stop codes going out: they ask in the warning colour. */
const warning: ReadonlySet<CampaignMove> = new Set(['end', 'pause']);

/**
 * The status moves the contract allows from a campaign's status now (schedule, back to draft,
 * pause, resume, end now), each asked first; `onMoved` refreshes the list after one.
 */
export function CampaignMoves({
  campaign,
  onMoved,
}: {
  campaign: VoucherCampaign;
  onMoved: () => Promise<unknown>;
}) {
  const { t } = useCampaignStrings();
  const [asking, setAsking] = useState<CampaignMove | null>(null);
  const moves = campaignMovesFrom(campaign.status);
  if (moves.length === 0) return null;
  const confirm = async () => {
    if (!asking) return;
    const move = asking;
    try {
      await moveCampaign(campaign.id, move);
      toast.success(t(`move.done.${move}`));
      await onMoved();
    } catch {
      // reported by the HTTP client (e.g. voucher_campaign_ended when time moved it meanwhile)
    }
    setAsking(null);
  };
  return (
    <>
      <Stack direction="row" spacing={0.5} sx={{ flexWrap: 'wrap' }}>
        {moves.map((move) => (
          <Button
            key={move}
            size="small"
            color={warning.has(move) ? 'warning' : 'primary'}
            onClick={() => setAsking(move)}
            aria-label={t('move.label', { move: t(`move.${move}`), name: campaign.name_en })}
            data-testid={`campaign-move-${move}`}
          >
            {t(`move.${move}`)}
          </Button>
        ))}
      </Stack>
      <ConfirmDialog
        open={asking !== null}
        title={asking ? t(`move.confirmTitle.${asking}`) : undefined}
        message={
          asking ? t(`move.confirmMessage.${asking}`, { name: campaign.name_en }) : undefined
        }
        confirmLabel={asking ? t(`move.${asking}`) : undefined}
        confirmColor={asking && warning.has(asking) ? 'warning' : 'primary'}
        onConfirm={confirm}
        onClose={() => setAsking(null)}
      />
    </>
  );
}
