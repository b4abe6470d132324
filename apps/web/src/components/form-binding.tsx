import { createContext, useContext, type ReactNode } from 'react';
import type { GridProps } from '@mui/material/Grid';
import { translateValidation } from '../lib/i18n/i18n';
import {
  Controller,
  type Control,
  type ControllerFieldState,
  type ControllerProps,
  type RefCallBack,
  type FieldPath,
  type FieldValues,
} from 'react-hook-form';

const FormControlContext = createContext<Control<FieldValues> | null>(null);

/** The fields inside may leave out `control`: they bind to this form. */
export function FormControlProvider<T extends FieldValues>({
  control,
  children,
}: {
  control: Control<T> | undefined;
  children: ReactNode;
}) {
  if (!control) return children;
  return (
    <FormControlContext value={control as unknown as Control<FieldValues>}>
      {children}
    </FormControlContext>
  );
}

/** The form a field binds to: its own `control`, else the one a FormControlProvider gives. */
function useFieldControl<T extends FieldValues>(control: Control<T> | undefined): Control<T> {
  const shared = useContext(FormControlContext) as Control<T> | null;
  const bound = control ?? shared;
  if (!bound) throw new Error('A form field needs `control` or a FormControlProvider around it');
  return bound;
}

/** Where a field stands in the form's grid (a Grid item's `size`); it then fills its cell. */
export type FieldCell = GridProps['size'];

/** What puts a field in its cell, called as a plain function (no hooks): field-cells.tsx. */
export type CellWrapper = (props: { cell: FieldCell; children: ReactNode }) => ReactNode;

const CellContext = createContext<CellWrapper | null>(null);

/**
 * Gives the fields inside their cell wrapper. It comes from the layout rather than this file so
 * the sign-in pages, whose fields have no cells, do not load the grid's code (their budget).
 */
export function FieldCellProvider({ wrap, children }: { wrap: CellWrapper; children: ReactNode }) {
  return <CellContext value={wrap}>{children}</CellContext>;
}

/** Puts a field in its cell of size `cell`, or leaves it as it is without one. */
function InCell({ cell, children }: { cell: FieldCell | undefined; children: ReactNode }) {
  const wrap = useContext(CellContext);
  if (cell === undefined) return children;
  return wrap ? wrap({ cell, children }) : <div>{children}</div>;
}

/** Half the form's width from the sm breakpoint up, the whole of it below. */
export const halfCell: FieldCell = { xs: 12, sm: 6 };

/** Where a field binds: its form (else the FormControlProvider's), its name, its grid cell. */
export type BoundField<T extends FieldValues> = {
  control?: Control<T>;
  name: FieldPath<T>;
  cell?: FieldCell;
};

/**
 * The Controller of a field that may leave out `control` (see FormControlProvider) and may stand
 * in a grid `cell`.
 */
export function CellController<T extends FieldValues>({
  control,
  name,
  cell,
  render,
}: BoundField<T> & { render: ControllerProps<T, FieldPath<T>>['render'] }) {
  const form = useFieldControl(control);
  return (
    <InCell cell={cell}>
      <Controller control={form} name={name} render={render} />
    </InCell>
  );
}

/**
 * The props an MUI text input takes from a Controller's field: its ref, and its error shown as
 * the helper text (translated) in place of `helperText`.
 */
export function inputBinding(
  field: { ref: RefCallBack },
  fieldState: ControllerFieldState,
  helperText?: ReactNode,
) {
  return {
    inputRef: field.ref,
    error: Boolean(fieldState.error),
    helperText: translateValidation(fieldState.error?.message) ?? helperText,
  };
}
