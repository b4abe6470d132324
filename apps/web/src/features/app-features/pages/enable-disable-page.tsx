import { useState } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import StorefrontOutlined from '@mui/icons-material/StorefrontOutlined';
import type { TenantAppFeature } from '@kopi/contract';
import { type DataTableColumn } from '../../../components/data-table/data-table';
import { useCan } from '../../../lib/can-context';
import { useLocalizedName } from '../../../lib/localized-name';
import { toast } from '../../../lib/toasts';
import { setBusinessSwitch, setOutletSwitch, useAppFeatures, useReplaceAppFeature } from '../api';
import { EffectiveValue } from '../components/effective-value';
import { OutletSwitchesDialog } from '../components/outlet-switches-dialog';
import { SwitchChoiceGroup } from '../components/switch-choice';
import {
  choiceOf,
  filterSwitches,
  ownOutletSettings,
  type SwitchChoice,
  switchValueOf,
} from '../feature-list';
import { FeatureNameCell, LockedChip } from '../components/feature-cells';
import {
  FeatureListPage,
  useFeatureRows,
  type FeatureFilters,
} from '../components/feature-list-page';
import { useAppFeatureStrings } from '../i18n';

const keepSwitches = (list: readonly TenantAppFeature[], f: FeatureFilters) =>
  filterSwitches(list, { q: f.q, value: f.value, scope: f.other });

/**
 * /user-app/enable-disable (read enable-disable): the customer app's features for this business,
 * each with its value in the app and where it comes from (platform default, the business, an
 * outlet). With update-enable-disable a feature is switched for the whole business, or per outlet
 * where an outlet can differ; a feature the platform locked cannot be switched.
 */
export function EnableDisablePage() {
  const { t } = useAppFeatureStrings();
  const nameOf = useLocalizedName();
  const mayUpdate = useCan()('update', 'enable-disable');
  const features = useAppFeatures();
  const replace = useReplaceAppFeature();
  const { table, state, rows } = useFeatureRows(features.data, keepSwitches);
  const [saving, setSaving] = useState<string | null>(null);
  const [outletsOf, setOutletsOf] = useState<string | null>(null);

  const featureName = (f: TenantAppFeature) => nameOf(f.name_en, f.name_my);
  const opened = features.data?.find((f) => f.code === outletsOf) ?? null;

  /** Saves a switch; the answer replaces the feature on screen (its outlets too). */
  const save = async (
    key: string,
    feature: TenantAppFeature,
    write: () => Promise<TenantAppFeature>,
  ) => {
    setSaving(key);
    try {
      replace(await write());
      toast.success(t('switches.saved', { name: featureName(feature) }));
    } catch {
      // the HTTP client shows the refusal (a feature the platform locked meanwhile)
    } finally {
      setSaving(null);
    }
  };
  const switchBusiness = (feature: TenantAppFeature, choice: SwitchChoice) =>
    save(feature.code, feature, () => setBusinessSwitch(feature.code, switchValueOf(choice)));
  const switchOutlet = (feature: TenantAppFeature, outletId: string, choice: SwitchChoice) =>
    save(outletId, feature, () => setOutletSwitch(feature.code, outletId, switchValueOf(choice)));

  const columns: DataTableColumn<TenantAppFeature>[] = [
    {
      id: 'feature',
      header: t('switches.feature'),
      cell: (f) => (
        <FeatureNameCell
          name={featureName(f)}
          description={nameOf(f.description_en, f.description_my)}
          maxWidth={360}
          testId="feature-name"
        />
      ),
    },
    {
      id: 'in-app',
      header: t('switches.inApp'),
      cell: (f) => (
        <EffectiveValue enabled={f.enabled} source={f.source} testId="feature-effective" />
      ),
    },
    {
      id: 'business',
      header: t('switches.business'),
      cell: (f) =>
        f.locked ? (
          <LockedChip
            label={t('switches.locked')}
            title={t('switches.lockedHint')}
            testId="feature-locked"
          />
        ) : (
          <SwitchChoiceGroup
            value={choiceOf(f.tenant_switch)}
            onChange={(choice) => void switchBusiness(f, choice)}
            label={t('switches.choiceLabel', { name: featureName(f) })}
            inheritLabel={t('switches.followPlatform')}
            inheritHint={t('switches.followPlatformHint', {
              value: f.default_enabled ? t('value.on') : t('value.off'),
            })}
            disabled={!mayUpdate || saving === f.code}
            testId="business-switch"
          />
        ),
    },
    {
      id: 'outlets',
      header: t('switches.outlets'),
      cell: (f) =>
        f.per_outlet ? (
          <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
            <Button
              size="small"
              variant="outlined"
              startIcon={<StorefrontOutlined fontSize="small" />}
              onClick={() => setOutletsOf(f.code)}
              data-testid="open-outlet-switches"
            >
              {t('switches.perOutlet')}
            </Button>
            <Typography variant="caption" color="text.secondary">
              {ownOutletSettings(f) > 0
                ? t('switches.ownSettings', { count: ownOutletSettings(f) })
                : t('switches.noOwnSettings')}
            </Typography>
          </Stack>
        ) : (
          <Typography variant="body2" color="text.secondary">
            {t('switches.businessOnly')}
          </Typography>
        ),
    },
  ];

  return (
    <FeatureListPage
      section="switches"
      columns={columns}
      rows={rows}
      table={table}
      query={features}
      state={state}
      other={{
        options: [
          { value: 'business', label: t('switches.scopeBusiness') },
          { value: 'outlet', label: t('switches.scopeOutlet') },
        ],
        minWidth: 200,
      }}
      testIds={['app-features-table', 'app-feature-', 'filter-value', 'filter-scope']}
      searchTestId="app-features-search"
    >
      <OutletSwitchesDialog
        feature={opened}
        mayUpdate={mayUpdate}
        saving={saving}
        onChange={(outletId, choice) => {
          if (opened) void switchOutlet(opened, outletId, choice);
        }}
        onClose={() => setOutletsOf(null)}
      />
    </FeatureListPage>
  );
}
