import { useState, type ReactNode } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import { inputBinding } from '../../../components/form-binding';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import Add from '@mui/icons-material/Add';
import { useController, type Control } from 'react-hook-form';
import type { ProductFormValues } from './product-form-values';
import { SectionCard } from '../../../components/section-card';

/** What the library section hands its list and its "new" dialog. */
export interface Attached<T> {
  items: T[];
  detach: (id: string) => void;
  clear: () => void;
}

/**
 * A product form section of things attached from a shared library (variant groups, add-ons): a
 * picker of the library, the attached ones listed by `renderList`, and a dialog (`renderDialog`)
 * to create a new one, which is attached once made.
 */
export function LibrarySection<T extends { id: string }>({
  control,
  name,
  library,
  mayCreate,
  sectionId,
  title,
  subheader,
  newLabel,
  newTestId,
  pickerLabel,
  pickerTestId,
  optionLabel,
  emptyText,
  renderList,
  renderDialog,
}: {
  control: Control<ProductFormValues>;
  name: 'variant_group_ids' | 'addon_ids';
  library: T[];
  mayCreate: boolean;
  sectionId: string;
  title: string;
  subheader: string;
  newLabel: string;
  newTestId: string;
  pickerLabel: string;
  pickerTestId: string;
  optionLabel: (item: T) => string;
  emptyText: string;
  renderList: (attached: Attached<T>) => ReactNode;
  renderDialog: (dialog: {
    open: boolean;
    close: () => void;
    attach: (id: string) => void;
  }) => ReactNode;
}) {
  const { field, fieldState } = useController({ control, name });
  const [creating, setCreating] = useState(false);
  const ids = field.value ?? [];
  const byId = new Map(library.map((item) => [item.id, item]));
  const items = ids.map((id) => byId.get(id)).filter((item): item is T => Boolean(item));

  return (
    <SectionCard
      id={sectionId}
      title={title}
      subheader={subheader}
      action={
        mayCreate && (
          <Button startIcon={<Add />} onClick={() => setCreating(true)} data-testid={newTestId}>
            {newLabel}
          </Button>
        )
      }
    >
      <Autocomplete
        multiple
        options={library}
        value={items}
        getOptionLabel={optionLabel}
        isOptionEqualToValue={(a, b) => a.id === b.id}
        onChange={(_, next) => field.onChange(next.map((item) => item.id))}
        renderValue={() => null}
        disableCloseOnSelect
        renderInput={(params) => (
          <TextField {...params} label={pickerLabel} {...inputBinding(field, fieldState)} />
        )}
        data-testid={pickerTestId}
      />
      {items.length === 0 ? (
        <Typography color="text.secondary" sx={{ mt: 2 }}>
          {emptyText}
        </Typography>
      ) : (
        renderList({
          items,
          detach: (id) => field.onChange(ids.filter((other) => other !== id)),
          clear: () => field.onChange([]),
        })
      )}
      {renderDialog({
        open: creating,
        close: () => setCreating(false),
        attach: (id) => {
          field.onChange([...ids, id]);
          setCreating(false);
        },
      })}
    </SectionCard>
  );
}
