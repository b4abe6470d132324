import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import Check from '@mui/icons-material/Check';
import { useTranslation } from '../../lib/i18n/use-translation';
import { updateSettings, useSettings, type Settings } from '../../lib/settings/settings-store';
import { primaryPresets } from '../../lib/theme/theme-tokens';

type LayoutChoice = 'vertical' | 'collapsed' | 'horizontal';

export const layoutChoice = (
  s: Pick<Settings, 'navLayout' | 'isVerticalNavCollapsed'>,
): LayoutChoice =>
  s.navLayout === 'horizontal' ? 'horizontal' : s.isVerticalNavCollapsed ? 'collapsed' : 'vertical';

export function layoutPatch(choice: LayoutChoice): Partial<Settings> {
  if (choice === 'horizontal') return { navLayout: 'horizontal' };
  return { navLayout: 'vertical', isVerticalNavCollapsed: choice === 'collapsed' };
}

function Section({ title, id, children }: { title: string; id: string; children: ReactNode }) {
  return (
    <Stack spacing={1.25} role="group" aria-labelledby={id}>
      <Typography id={id} variant="subtitle2" component="h3" color="text.secondary">
        {title}
      </Typography>
      {children}
    </Stack>
  );
}

function Choice<T extends string>({
  label,
  value,
  options,
  onChange,
  testId,
}: {
  label: string;
  value: T;
  options: { value: T; label: string; disabled?: boolean }[];
  onChange: (value: T) => void;
  testId: string;
}) {
  return (
    <ToggleButtonGroup
      exclusive
      fullWidth
      size="small"
      color="primary"
      value={value}
      aria-label={label}
      onChange={(_, next: T | null) => next && onChange(next)}
    >
      {options.map((option) => (
        <ToggleButton
          key={option.value}
          value={option.value}
          disabled={option.disabled}
          data-testid={`${testId}-${option.value}`}
        >
          {option.label}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}

/** The customizer's controls (also on the account preferences tab). */
export function LayoutSettingsForm({ idPrefix = 'customizer' }: { idPrefix?: string }) {
  const { t } = useTranslation();
  const settings = useSettings();
  const horizontal = settings.navLayout === 'horizontal';
  const isPreset = primaryPresets.some(
    (p) => p.color.toLowerCase() === settings.primaryColor.toLowerCase(),
  );

  return (
    <Stack spacing={3}>
      <Section title={t('customizer.primaryColor')} id={`${idPrefix}-primary`}>
        <Box
          role="radiogroup"
          aria-labelledby={`${idPrefix}-primary`}
          sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.25 }}
        >
          {primaryPresets.map((preset) => {
            const selected = preset.color.toLowerCase() === settings.primaryColor.toLowerCase();
            return (
              <ButtonBase
                key={preset.id}
                role="radio"
                aria-checked={selected}
                aria-label={t(`customizer.presets.${preset.id}`)}
                data-testid={`${idPrefix}-color-${preset.id}`}
                onClick={() => updateSettings({ primaryColor: preset.color })}
                sx={{
                  width: 44,
                  height: 44,
                  borderRadius: 2,
                  border: 2,
                  borderColor: selected ? 'text.primary' : 'divider',
                  display: 'grid',
                  placeItems: 'center',
                }}
              >
                <Box
                  sx={{
                    width: 30,
                    height: 30,
                    borderRadius: 1.5,
                    bgcolor: preset.color,
                    display: 'grid',
                    placeItems: 'center',
                    color: '#fff',
                  }}
                >
                  {selected && <Check fontSize="small" />}
                </Box>
              </ButtonBase>
            );
          })}
          <Box
            component="label"
            sx={{
              width: 44,
              height: 44,
              borderRadius: 2,
              border: 2,
              borderColor: !isPreset ? 'text.primary' : 'divider',
              display: 'grid',
              placeItems: 'center',
              cursor: 'pointer',
              position: 'relative',
            }}
          >
            <Box
              component="input"
              type="color"
              value={settings.primaryColor}
              aria-label={t('customizer.customColor')}
              data-testid={`${idPrefix}-color-custom`}
              onChange={(e: React.ChangeEvent<HTMLInputElement>) =>
                updateSettings({ primaryColor: e.target.value.toUpperCase() })
              }
              sx={{
                width: 30,
                height: 30,
                p: 0,
                border: 0,
                bgcolor: 'transparent',
                cursor: 'pointer',
              }}
            />
          </Box>
        </Box>
      </Section>

      <Section title={t('customizer.theme')} id={`${idPrefix}-theme`}>
        <Choice
          label={t('customizer.theme')}
          testId={`${idPrefix}-theme`}
          value={settings.theme}
          onChange={(theme) => updateSettings({ theme })}
          options={[
            { value: 'light', label: t('navbar.themeLight') },
            { value: 'dark', label: t('navbar.themeDark') },
            { value: 'system', label: t('navbar.themeSystem') },
          ]}
        />
      </Section>

      <Section title={t('customizer.skin')} id={`${idPrefix}-skin`}>
        <Choice
          label={t('customizer.skin')}
          testId={`${idPrefix}-skin`}
          value={settings.skin}
          onChange={(skin) => updateSettings({ skin })}
          options={[
            { value: 'default', label: t('customizer.skinDefault') },
            { value: 'bordered', label: t('customizer.skinBordered') },
          ]}
        />
        <FormControlLabel
          control={
            <Switch
              checked={settings.isVerticalNavSemiDark}
              disabled={horizontal}
              onChange={(e) => updateSettings({ isVerticalNavSemiDark: e.target.checked })}
              slotProps={{
                input: {
                  'data-testid': `${idPrefix}-semi-dark`,
                } as React.InputHTMLAttributes<HTMLInputElement>,
              }}
            />
          }
          label={t('customizer.semiDark')}
        />
      </Section>

      <Section title={t('customizer.layoutType')} id={`${idPrefix}-layout`}>
        <Choice
          label={t('customizer.layoutType')}
          testId={`${idPrefix}-layout`}
          value={layoutChoice(settings)}
          onChange={(choice) => updateSettings(layoutPatch(choice))}
          options={[
            { value: 'vertical', label: t('customizer.vertical') },
            { value: 'collapsed', label: t('customizer.collapsed') },
            { value: 'horizontal', label: t('customizer.horizontal') },
          ]}
        />
      </Section>

      <Section title={t('customizer.content')} id={`${idPrefix}-content`}>
        <Choice
          label={t('customizer.content')}
          testId={`${idPrefix}-content`}
          value={settings.appContentWidth}
          onChange={(appContentWidth) => updateSettings({ appContentWidth })}
          options={[
            { value: 'boxed', label: t('customizer.boxed') },
            { value: 'fluid', label: t('customizer.fluid') },
          ]}
        />
      </Section>

      <Section title={t('customizer.navbar')} id={`${idPrefix}-navbar`}>
        <Choice
          label={t('customizer.navbar')}
          testId={`${idPrefix}-navbar`}
          value={settings.navbarType}
          onChange={(navbarType) => updateSettings({ navbarType })}
          options={[
            { value: 'sticky', label: t('customizer.sticky') },
            // A horizontal menu lives in the navbar, so it cannot be hidden (SPEC §4).
            { value: 'hidden', label: t('customizer.hidden'), disabled: horizontal },
          ]}
        />
        <FormControlLabel
          control={
            <Switch
              checked={settings.isNavbarBlurEnabled}
              onChange={(e) => updateSettings({ isNavbarBlurEnabled: e.target.checked })}
            />
          }
          label={t('customizer.navbarBlur')}
        />
      </Section>

      <Section title={t('customizer.direction')} id={`${idPrefix}-direction`}>
        <Choice
          label={t('customizer.direction')}
          testId={`${idPrefix}-direction`}
          value={settings.direction}
          onChange={(direction) => updateSettings({ direction })}
          options={[
            { value: 'ltr', label: t('customizer.ltr') },
            { value: 'rtl', label: t('customizer.rtl') },
          ]}
        />
      </Section>
    </Stack>
  );
}
