import type { ReactNode } from 'react';
import Grid from '@mui/material/Grid';
import { type FieldCell, FieldCellProvider } from './form-binding';

/** A field's cell: a Grid item of its size, which the field fills. */
function GridCell({ cell, children }: { cell: FieldCell; children: ReactNode }) {
  return <Grid size={cell}>{children}</Grid>;
}

/** Fields inside stand in Grid items (`cell`): the signed-in app's forms. */
export function GridFieldCells({ children }: { children: ReactNode }) {
  return <FieldCellProvider wrap={GridCell}>{children}</FieldCellProvider>;
}
