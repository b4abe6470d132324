import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import type { SwitchChoice } from '../feature-list';
import { useAppFeatureStrings } from '../i18n';

/**
 * A feature's switch at one level, three ways: follow the level above (`inheritLabel`, with
 * `inheritHint` saying what that is), on, or off. Choosing the current choice again does nothing.
 */
export function SwitchChoiceGroup({
  value,
  onChange,
  label,
  inheritLabel,
  inheritHint,
  disabled = false,
  testId,
}: {
  value: SwitchChoice;
  onChange: (choice: SwitchChoice) => void;
  /** Accessible name of the group ("Delivery for the whole business"). */
  label: string;
  inheritLabel: string;
  inheritHint: string;
  disabled?: boolean;
  testId?: string;
}) {
  const { t } = useAppFeatureStrings();
  return (
    <ToggleButtonGroup
      exclusive
      size="small"
      value={value}
      disabled={disabled}
      aria-label={label}
      data-testid={testId}
      data-choice={value}
      onChange={(_, next: SwitchChoice | null) => {
        if (next && next !== value) onChange(next);
      }}
    >
      <ToggleButton value="inherit" title={inheritHint} sx={{ px: 1.5, whiteSpace: 'nowrap' }}>
        {inheritLabel}
      </ToggleButton>
      <ToggleButton value="on" color="success" sx={{ px: 1.5 }}>
        {t('value.on')}
      </ToggleButton>
      <ToggleButton value="off" color="error" sx={{ px: 1.5 }}>
        {t('value.off')}
      </ToggleButton>
    </ToggleButtonGroup>
  );
}
