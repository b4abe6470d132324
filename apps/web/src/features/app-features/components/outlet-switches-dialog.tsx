import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { TenantAppFeature } from '@kopi/contract';
import { useLocalizedName } from '../../../lib/localized-name';
import { choiceOf, type SwitchChoice } from '../feature-list';
import { useAppFeatureStrings } from '../i18n';
import { EffectiveValue } from './effective-value';
import { SwitchChoiceGroup } from './switch-choice';
import { SimpleTable } from '../../../components/data-table/simple-table';

/**
 * A per-outlet feature at each of the business's outlets: its value in the app there with where
 * it comes from, and the outlet's own setting (follow the business, on, off).
 */
export function OutletSwitchesDialog({
  feature,
  mayUpdate,
  saving,
  onChange,
  onClose,
}: {
  feature: TenantAppFeature | null;
  mayUpdate: boolean;
  /** The outlet whose setting is being saved. */
  saving: string | null;
  onChange: (outletId: string, choice: SwitchChoice) => void;
  onClose: () => void;
}) {
  const { t } = useAppFeatureStrings();
  const nameOf = useLocalizedName();
  const name = feature ? nameOf(feature.name_en, feature.name_my) : '';
  const business = feature?.enabled ? t('value.on') : t('value.off');
  return (
    <Dialog
      open={Boolean(feature)}
      onClose={onClose}
      maxWidth="md"
      fullWidth
      aria-labelledby="outlet-switches-title"
      data-testid="outlet-switches-dialog"
    >
      <DialogTitle id="outlet-switches-title">{t('outlets.title', { name })}</DialogTitle>
      <DialogContent>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {feature?.locked ? t('outlets.locked') : t('outlets.hint', { value: business })}
        </Typography>
        {feature && feature.outlets.length === 0 ? (
          <Typography>{t('outlets.none')}</Typography>
        ) : (
          <SimpleTable
            size="small"
            aria-label={t('outlets.table', { name })}
            cells={[t('outlets.outlet'), t('outlets.inApp'), t('outlets.setting')]}
          >
            {feature?.outlets.map((outlet) => (
              <TableRow
                key={outlet.outlet_id}
                data-testid="outlet-switch-row"
                data-outlet={outlet.outlet_code}
              >
                <TableCell>
                  <Typography variant="body2" sx={{ fontWeight: 500 }}>
                    {outlet.outlet_name}
                  </Typography>
                  <Typography variant="caption" color="text.secondary">
                    {outlet.outlet_code}
                  </Typography>
                </TableCell>
                <TableCell>
                  <EffectiveValue
                    enabled={outlet.enabled}
                    source={outlet.source}
                    testId="outlet-effective"
                  />
                  {!outlet.offered && (
                    <Typography
                      variant="caption"
                      color="warning.main"
                      sx={{ display: 'block', mt: 0.5 }}
                      data-testid="outlet-not-offered"
                    >
                      {t('outlets.notOffered', { name })}
                    </Typography>
                  )}
                </TableCell>
                <TableCell>
                  <SwitchChoiceGroup
                    value={choiceOf(outlet.switch)}
                    onChange={(choice) => onChange(outlet.outlet_id, choice)}
                    label={t('outlets.choiceLabel', { name, outlet: outlet.outlet_name })}
                    inheritLabel={t('outlets.followBusiness')}
                    inheritHint={t('outlets.followBusinessHint')}
                    disabled={!mayUpdate || feature.locked || saving === outlet.outlet_id}
                    testId="outlet-switch"
                  />
                </TableCell>
              </TableRow>
            ))}
          </SimpleTable>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} data-testid="outlet-switches-close">
          {t('outlets.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
