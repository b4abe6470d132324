import { Fragment } from 'react';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { inLanguage, permissionText } from '../../../lib/permission-catalogue';
import { useRoleStrings } from '../i18n';
import {
  areaPermissions,
  columnLabel,
  columnPermissions,
  groupState,
  matrixColumns,
  rowPermissions,
  toggleGroup,
  toggleOne,
  type MatrixArea,
  type MatrixColumn,
} from '../matrix';

/** A box for a group (row, column or area): ticked when all are, "mixed" when some are. */
function GroupBox({
  permissions,
  selected,
  changeable,
  readOnly,
  label,
  onChange,
  testId,
}: {
  permissions: string[];
  selected: ReadonlySet<string>;
  changeable: (permission: string) => boolean;
  readOnly: boolean;
  label: string;
  onChange: (next: Set<string>) => void;
  testId: string;
}) {
  const state = groupState(permissions, selected);
  const disabled = readOnly || !permissions.some(changeable);
  return (
    <Checkbox
      size="small"
      checked={state === 'all'}
      indeterminate={state === 'some'}
      disabled={disabled}
      onChange={() => onChange(toggleGroup(selected, permissions, changeable))}
      slotProps={{
        input: {
          'aria-label': label,
          'aria-checked': state === 'some' ? 'mixed' : state === 'all',
          'data-testid': testId,
        } as object,
      }}
    />
  );
}

/**
 * The role editor's permission matrix: subjects × actions grouped by area, with select-all per
 * row, per column and per area. Boxes of permissions the signed-in user does not hold are
 * disabled (`changeable`): the server refuses to give them anyway (permission_escalation).
 */
export function PermissionMatrix({
  areas,
  selected,
  onChange,
  changeable = () => true,
  readOnly = false,
}: {
  areas: MatrixArea[];
  selected: ReadonlySet<string>;
  onChange: (next: Set<string>) => void;
  changeable?: (permission: string) => boolean;
  readOnly?: boolean;
}) {
  const { t, language } = useRoleStrings();
  const text = (value: { en: string; my: string }) => inLanguage(value, language);
  const columns = matrixColumns.filter((column) => columnPermissions(areas, column).length > 0);

  return (
    <TableContainer
      sx={{
        maxHeight: { xs: 'none', md: '60vh' },
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
      }}
    >
      <Table
        size="small"
        stickyHeader
        aria-label={t('matrix.label')}
        data-testid="permission-matrix"
      >
        <TableHead>
          <TableRow>
            <TableCell sx={{ fontWeight: 600, minWidth: 220 }}>{t('matrix.subject')}</TableCell>
            {columns.map((column: MatrixColumn) => (
              <TableCell key={column} align="center" sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
                <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center' }}>
                  {text(columnLabel(column))}
                  <GroupBox
                    permissions={columnPermissions(areas, column)}
                    selected={selected}
                    changeable={changeable}
                    readOnly={readOnly}
                    label={t('matrix.column', { action: text(columnLabel(column)) })}
                    onChange={onChange}
                    testId={`matrix-column-${column}`}
                  />
                </Box>
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {areas.map((area) => (
            <Fragment key={area.area}>
              <TableRow sx={{ bgcolor: 'action.hover' }} data-testid={`matrix-area-${area.area}`}>
                <TableCell colSpan={columns.length + 1} sx={{ py: 0.5 }}>
                  <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
                    <GroupBox
                      permissions={areaPermissions(area)}
                      selected={selected}
                      changeable={changeable}
                      readOnly={readOnly}
                      label={t('matrix.area', { area: text(area.label) })}
                      onChange={onChange}
                      testId={`matrix-area-box-${area.area}`}
                    />
                    <Typography variant="subtitle2" component="h3">
                      {text(area.label)}
                    </Typography>
                  </Box>
                </TableCell>
              </TableRow>
              {area.rows.map((row) => (
                <TableRow key={row.key} hover data-testid={`matrix-row-${row.key}`}>
                  <TableCell sx={{ pl: 1 }}>
                    <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, pl: 2 }}>
                      <GroupBox
                        permissions={rowPermissions(row)}
                        selected={selected}
                        changeable={changeable}
                        readOnly={readOnly}
                        label={t('matrix.row', { subject: text(row.label) })}
                        onChange={onChange}
                        testId={`matrix-row-box-${row.key}`}
                      />
                      <Typography variant="body2">{text(row.label)}</Typography>
                    </Box>
                  </TableCell>
                  {columns.map((column) => {
                    const permission = row.cells[column];
                    if (!permission) return <TableCell key={column} />;
                    const mayChange = !readOnly && changeable(permission);
                    return (
                      <TableCell key={column} align="center">
                        <Checkbox
                          size="small"
                          checked={selected.has(permission)}
                          disabled={!mayChange}
                          onChange={() => onChange(toggleOne(selected, permission))}
                          title={
                            !readOnly && !changeable(permission) ? t('matrix.notYours') : undefined
                          }
                          slotProps={{
                            input: {
                              'aria-label': permissionText(permission, language),
                              'data-permission': permission,
                            } as object,
                          }}
                        />
                      </TableCell>
                    );
                  })}
                </TableRow>
              ))}
            </Fragment>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
