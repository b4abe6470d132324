import { useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ConfirmationNumberOutlined from '@mui/icons-material/ConfirmationNumberOutlined';
import {
  voucherCodeKinds,
  voucherStates,
  voucherTypes,
  type Voucher,
  type VoucherCodeKind,
  type VoucherInput,
  type VoucherListQuery,
  type VoucherState,
  type VoucherType,
} from '@kopi/contract';
import {
  DataTable,
  type DataTableColumn,
  actionsColumn,
} from '../../../components/data-table/data-table';
import { pagedTableProps } from '../../../components/data-table/paged-table-props';
import { useTableState } from '../../../components/data-table/table-state';
import { useTableFilters } from '../../../components/data-table/use-table-filters';
import { FilterSelect } from '../../../components/list-page/filter-select';
import { ListPage } from '../../../components/list-page/list-page';
import { RowAction, EditDeleteActions } from '../../../components/list-page/row-actions';
import { useFormEditor } from '../../../components/list-page/use-entity-editor';
import {
  SwitchOffRemovalDialog,
  useSwitchOffRemoval,
} from '../../../components/list-page/switch-off-removal';
import { useBusinessClock } from '../../../lib/business-clock';
import { useCrudAbilities } from '../../../lib/can-context';
import { useLocalizedName } from '../../../lib/localized-name';
import {
  createVoucher,
  deleteVoucher,
  updateVoucher,
  useInvalidateVouchers,
  useOutletChoices,
  useVouchers,
} from '../api';
import { CodesDialog } from '../components/codes-dialog';
import { ValidityCell, ValueCell } from '../components/voucher-cells';
import { VoucherDrawer } from '../components/voucher-drawer';
import { useVoucherStrings } from '../i18n';
import { voucherValuesOf } from '../voucher-input';

type Filters = {
  state: '' | VoucherState;
  type: '' | VoucherType;
  codeKind: '' | VoucherCodeKind;
  outlet: string;
};

/**
 * /voucher (read voucher): the tenant's vouchers with their value, validity and use, searched by
 * name or code and filtered by state, type, kind of code and outlet; created and edited in a
 * drawer; a redeemed voucher cannot be deleted (the dialog says so and offers to switch it off);
 * a unique-code voucher's codes are generated, listed, downloaded and printed from its row.
 */
export function VoucherPage() {
  const { t } = useVoucherStrings();
  // A Malay screen names a voucher in Malay, in English where it has no Malay name.
  const nameOf = useLocalizedName();
  const { mayCreate, mayUpdate, mayDelete } = useCrudAbilities('voucher');
  const { timeZone } = useBusinessClock();
  const table = useTableState();
  const { filters, setFilter, filtering } = useTableFilters<Filters>(table, {
    state: '',
    type: '',
    codeKind: '',
    outlet: '',
  });
  const query: VoucherListQuery = useMemo(
    () => ({
      ...table.query,
      state: filters.state || undefined,
      type: filters.type || undefined,
      code_kind: filters.codeKind || undefined,
      outlet_id: filters.outlet || undefined,
    }),
    [table.query, filters],
  );
  const vouchers = useVouchers(query);
  const outlets = useOutletChoices();
  const invalidate = useInvalidateVouchers();
  const editor = useFormEditor<Voucher, VoucherInput>(createVoucher, updateVoucher, invalidate, t);
  const [codesOf, setCodesOf] = useState<Voucher | null>(null);
  // Redeemed: the server refuses (voucher_in_use); say why and offer to switch it off.
  const removal = useSwitchOffRemoval<Voucher>({
    remove: (v) => deleteVoucher(v.id),
    switchOff: (v) => updateVoucher(v.id, { ...voucherValuesOf(v), status: 'inactive' }),
    refresh: invalidate,
    t,
  });

  const columns: DataTableColumn<Voucher>[] = [
    {
      id: 'name',
      header: t('list.name'),
      cell: (v) => (
        <Stack spacing={0.25} sx={{ minWidth: 160, maxWidth: 240 }}>
          <Typography sx={{ fontWeight: 500 }} data-testid="voucher-name">
            {nameOf(v.name_en, v.name_my)}
          </Typography>
          {v.code_kind === 'shared' ? (
            <Box component="code" sx={{ fontWeight: 600 }} data-testid="voucher-code">
              {v.code}
            </Box>
          ) : (
            <Typography variant="caption" color="text.secondary">
              {t('list.uniqueCodes', { count: v.codes_generated })}
            </Typography>
          )}
        </Stack>
      ),
    },
    { id: 'value', header: t('list.value'), cell: (v) => <ValueCell voucher={v} /> },
    {
      id: 'valid',
      header: t('list.valid'),
      cell: (v) => <ValidityCell voucher={v} timeZone={timeZone} />,
    },
    {
      id: 'used',
      header: t('list.used'),
      cell: (v) => (
        <Typography variant="body2" sx={{ whiteSpace: 'nowrap' }} data-testid="voucher-used">
          {v.total_limit == null
            ? t('list.usedNoLimit', { used: v.redeemed })
            : t('list.usedOf', { used: v.redeemed, limit: v.total_limit })}
        </Typography>
      ),
    },
    actionsColumn(t('list.actions'), (v) => (
      <EditDeleteActions
        name={nameOf(v.name_en, v.name_my)}
        t={t}
        onEdit={mayUpdate ? () => editor.openEdit(v) : undefined}
        onDelete={mayDelete ? () => removal.ask(v) : undefined}
      >
        {v.code_kind === 'unique' && (
          <RowAction
            label={t('list.codes', { name: nameOf(v.name_en, v.name_my) })}
            icon={<ConfirmationNumberOutlined fontSize="small" />}
            onClick={() => setCodesOf(v)}
          />
        )}
      </EditDeleteActions>
    )),
  ];

  const select = <K extends keyof Filters>(key: K, label: string, options: [string, string][]) => (
    <FilterSelect
      label={label}
      value={filters[key]}
      onChange={(next) => setFilter(key, next as Filters[K])}
      anyLabel={t('list.any')}
      options={options.map(([value, text]) => ({ value, label: text }))}
      minWidth={140}
      testId={`voucher-filter-${key}`}
    />
  );

  return (
    <ListPage
      title={t('list.title')}
      subtitle={t('list.subtitle')}
      add={mayCreate && { label: t('list.add'), onClick: editor.openCreate, testId: 'voucher-add' }}
    >
      <Card>
        <DataTable<Voucher>
          {...pagedTableProps(table, vouchers)}
          label={t('list.table')}
          testId="vouchers-table"
          searchLabel={t('list.search')}
          columns={columns}
          rowKey={(v) => v.id}
          rowTestId={() => 'voucher-row'}
          filters={
            <>
              {select(
                'state',
                t('list.filterState'),
                voucherStates.map((s) => [s, t(`state.${s}`)]),
              )}
              {select(
                'type',
                t('list.filterType'),
                voucherTypes.map((s) => [s, t(`type.${s}`)]),
              )}
              {select(
                'codeKind',
                t('list.filterCodeKind'),
                voucherCodeKinds.map((s) => [s, t(`codeKind.${s}`)]),
              )}
              {select(
                'outlet',
                t('list.filterOutlet'),
                (outlets.data ?? []).map((o) => [o.id, o.name]),
              )}
            </>
          }
          emptyMessage={filtering || table.q ? t('list.emptyFiltered') : t('list.empty')}
        />
      </Card>
      <VoucherDrawer {...editor.form} voucher={editor.record} timeZone={timeZone} />
      {codesOf && (
        <CodesDialog
          voucher={codesOf}
          timeZone={timeZone}
          mayGenerate={mayUpdate}
          onClose={() => setCodesOf(null)}
        />
      )}
      <SwitchOffRemovalDialog<Voucher>
        removal={removal}
        name="voucher"
        t={t}
        labelOf={(v) => nameOf(v.name_en, v.name_my)}
        mayUpdate={mayUpdate}
      />
    </ListPage>
  );
}
