import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { AppFeatureSource } from '@kopi/contract';
import { useAppFeatureStrings } from '../i18n';

/** On or off as a success/error label (SPEC §4), and where the value comes from beside it. */
export function EffectiveValue({
  enabled,
  source,
  testId,
}: {
  enabled: boolean;
  source?: AppFeatureSource;
  testId?: string;
}) {
  const { t } = useAppFeatureStrings();
  return (
    // Squeezed (a tablet), the source goes under the value.
    <Stack
      direction="row"
      sx={{ alignItems: 'center', flexWrap: 'wrap', columnGap: 1, rowGap: 0.5 }}
      data-testid={testId}
      data-enabled={enabled ? 'on' : 'off'}
      data-source={source}
    >
      <Chip
        size="small"
        color={enabled ? 'success' : 'error'}
        label={enabled ? t('value.on') : t('value.off')}
      />
      {source && (
        <Typography variant="caption" color="text.secondary">
          {t(`source.${source}`)}
        </Typography>
      )}
    </Stack>
  );
}
