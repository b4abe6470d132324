import { useState } from 'react';
import Typography from '@mui/material/Typography';
import type { AppFeature, AppFeatureInput } from '@kopi/contract';
import { type DataTableColumn, actionsColumn } from '../../../components/data-table/data-table';
import { EditAction } from '../../../components/list-page/row-actions';
import { useCan } from '../../../lib/can-context';
import { useLocalizedName } from '../../../lib/localized-name';
import { toast } from '../../../lib/toasts';
import { updateCatalogueFeature, useCatalogue, useReplaceCatalogueFeature } from '../api';
import { CatalogueDrawer } from '../components/catalogue-drawer';
import { EffectiveValue } from '../components/effective-value';
import { filterCatalogue } from '../feature-list';
import { FeatureNameCell, LockedChip } from '../components/feature-cells';
import {
  FeatureListPage,
  useFeatureRows,
  type FeatureFilters,
} from '../components/feature-list-page';
import { useAppFeatureStrings } from '../i18n';

const keepCatalogue = (list: readonly AppFeature[], f: FeatureFilters) =>
  filterCatalogue(list, { q: f.q, value: f.value, lock: f.other });

/**
 * /ge/features (read general-setting, the platform's): the customer app's feature catalogue —
 * names, the default every business starts from, per outlet or not, and the lock. With
 * update-general-setting the superadmin edits a feature in a drawer.
 */
export function FeatureCataloguePage() {
  const { t } = useAppFeatureStrings();
  const nameOf = useLocalizedName();
  const mayUpdate = useCan()('update', 'general-setting');
  const catalogue = useCatalogue();
  const replace = useReplaceCatalogueFeature();
  const { table, state, rows } = useFeatureRows(catalogue.data, keepCatalogue);
  const [editing, setEditing] = useState<AppFeature | null>(null);

  const featureName = (f: AppFeature) => nameOf(f.name_en, f.name_my);

  const save = async (values: AppFeatureInput) => {
    if (!editing) return;
    replace(await updateCatalogueFeature(editing.code, values));
    toast.success(t('form.saved'));
    setEditing(null);
  };

  const columns: DataTableColumn<AppFeature>[] = [
    {
      id: 'feature',
      header: t('catalogue.feature'),
      cell: (f) => (
        <FeatureNameCell
          name={featureName(f)}
          description={
            <>
              <code>{f.code}</code> · {nameOf(f.description_en, f.description_my)}
            </>
          }
          maxWidth={380}
          testId="catalogue-name"
        />
      ),
    },
    {
      id: 'default',
      header: t('catalogue.defaultValue'),
      cell: (f) => <EffectiveValue enabled={f.default_enabled} testId="catalogue-default" />,
    },
    {
      id: 'scope',
      header: t('catalogue.scope'),
      cell: (f) => (f.per_outlet ? t('switches.scopeOutlet') : t('switches.scopeBusiness')),
    },
    {
      id: 'lock',
      header: t('catalogue.lock'),
      cell: (f) =>
        f.locked ? (
          <LockedChip label={t('catalogue.locked')} testId="catalogue-locked" />
        ) : (
          <Typography variant="body2">{t('catalogue.changeable')}</Typography>
        ),
    },
    ...(mayUpdate
      ? [
          actionsColumn<AppFeature>('', (f) => (
            <EditAction
              label={t('catalogue.edit', { name: featureName(f) })}
              onClick={() => setEditing(f)}
            />
          )),
        ]
      : []),
  ];

  return (
    <FeatureListPage
      section="catalogue"
      columns={columns}
      rows={rows}
      table={table}
      query={catalogue}
      state={state}
      other={{
        options: [
          { value: 'locked', label: t('catalogue.locked') },
          { value: 'changeable', label: t('catalogue.changeable') },
        ],
        minWidth: 180,
      }}
      testIds={['feature-catalogue-table', 'catalogue-', 'filter-default', 'filter-lock']}
    >
      <CatalogueDrawer feature={editing} onClose={() => setEditing(null)} onSubmit={save} />
    </FeatureListPage>
  );
}
