import type { ComponentProps, ReactNode } from 'react';
import type { FieldValues } from 'react-hook-form';
import { halfCell } from '../form-binding';
import { FormSelectField } from '../form-fields';
import { FormTextField } from '../form-text-field';
import { EntityDrawer } from './entity-drawer';

/** The two names of a record, English first; the Malay one says what happens when left empty. */
export interface DrawerNames {
  en: string;
  my: string;
  enLabel: string;
  myLabel: string;
  myHint: string;
}

/** The names of a record whose fields are `name_en` and `name_my`, in the feature's `form.` words. */
export const nameFieldsOf = (
  t: (key: 'form.nameEn' | 'form.nameMy' | 'form.nameMyHint') => string,
): DrawerNames => ({
  en: 'name_en',
  my: 'name_my',
  enLabel: t('form.nameEn'),
  myLabel: t('form.nameMy'),
  myHint: t('form.nameMyHint'),
});

/** A record's two names side by side, the English one focused. */
export function NameFields({ names }: { names: DrawerNames }) {
  return (
    <>
      <FormTextField cell={halfCell} name={names.en} label={names.enLabel} autoFocus />
      <FormTextField
        cell={halfCell}
        name={names.my}
        label={names.myLabel}
        helperText={names.myHint}
      />
    </>
  );
}

/** The record's status field: active or inactive. */
export interface DrawerStatus {
  label: string;
  active: string;
  inactive: string;
}

/**
 * The frame of a drawer form whose record has an English and a Malay name and an active or
 * inactive status (a voucher, a banner): the drawer, the two names side by side at the top (the
 * English one focused), the record's own fields between, and its status last. The status select
 * is `<name>-status` to tests.
 */
export function NamedEntityDrawer<T extends FieldValues>({
  names,
  status,
  children,
  ...drawer
}: Omit<ComponentProps<typeof EntityDrawer<T>>, 'children'> & {
  names: DrawerNames;
  status: DrawerStatus;
  /** Grid items between the names and the status. */
  children: ReactNode;
}) {
  return (
    <EntityDrawer<T> {...drawer}>
      <NameFields names={names} />
      {children}
      <FormSelectField
        cell={halfCell}
        name="status"
        label={status.label}
        testId={`${drawer.name}-status`}
        options={[
          { value: 'active', label: status.active },
          { value: 'inactive', label: status.inactive },
        ]}
      />
    </EntityDrawer>
  );
}
