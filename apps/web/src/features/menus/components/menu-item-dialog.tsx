import { useMemo } from 'react';
import Alert from '@mui/material/Alert';
import Grid from '@mui/material/Grid';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  menuItemInputSchema,
  permissionCatalogue,
  type MenuItem,
  type MenuItemInput,
} from '@kopi/contract';
import { useWatch } from 'react-hook-form';
import { FormDialog } from '../../../components/entity-drawer/form-dialog';
import { useEntityForm } from '../../../components/entity-drawer/use-entity-form';
import { FormField, FormSelectField, FormSwitchField } from '../../../components/form-fields';
import { knownMenuIcons, MenuIcon } from '../../../components/layouts/menu-icon';
import { permissionText } from '../../../lib/permission-catalogue';
import { useRouteCatalog } from '../../../lib/route-catalog';
import { useMenuStrings } from '../i18n';
import { blankMenuItem, inputOf, menuItemFields, suggestTitleKey } from '../menu-item-input';
import { FormSuggestField } from './form-suggest-field';
import { halfCell } from '../../../components/form-binding';

const actions = [...new Set(permissionCatalogue.map((e) => e.action))];

export interface ParentChoice {
  id: string;
  label: string;
  depth: number;
}

/**
 * Add or edit a menu item: where it sits, its title key and titles in English and Melayu, icon,
 * path, the action and subject a user needs to see it, and whether it is hidden.
 */
export function MenuItemDialog({
  open,
  item,
  parents,
  onClose,
  onSubmit,
}: {
  open: boolean;
  /** null: a new item. */
  item: MenuItem | null;
  /** Items it may go under (never itself or its own sub-items). */
  parents: ParentChoice[];
  onClose: () => void;
  onSubmit: (values: MenuItemInput) => Promise<void>;
}) {
  const { t, ts, language } = useMenuStrings();
  const { pages } = useRouteCatalog();
  const { form, failure, frame } = useEntityForm({
    open,
    record: item,
    blank: blankMenuItem,
    valuesOf: inputOf,
    resolver: zodResolver(menuItemInputSchema),
    fields: menuItemFields,
    onSubmit,
    onClose,
    networkMessage: ts('http.network'),
  });
  const action = useWatch({ control: form.control, name: 'action' });
  const subject = useWatch({ control: form.control, name: 'subject' });
  const subjects = useMemo(() => permissionCatalogue.filter((e) => e.action === action), [action]);
  const paths = useMemo(() => [...new Set(pages.map((p) => p.path))].sort(), [pages]);
  const icons = useMemo(() => knownMenuIcons().sort(), []);

  return (
    <FormDialog
      name="menu-item"
      title={item ? t('form.editTitle') : t('form.createTitle')}
      maxWidth="md"
      dividers
      {...frame}
    >
      <Grid container spacing={2.5}>
        {failure && (
          <Grid size={12}>
            <Alert severity="error" data-testid="menu-item-error">
              {failure}
            </Alert>
          </Grid>
        )}
        <FormField
          cell={halfCell}
          name="title_en"
          label={t('form.titleEn')}
          onTextChange={(title) => {
            // A new item's key follows its English title until the key is edited.
            if (!item && !form.getFieldState('title').isDirty) {
              form.setValue('title', suggestTitleKey(title));
            }
          }}
          autoFocus
        />
        <FormField cell={halfCell} name="title_my" label={t('form.titleMy')} />
        <FormField
          cell={halfCell}
          name="title"
          label={t('form.titleKey')}
          helperText={item?.builtin ? t('form.titleKeyBuiltin') : t('form.titleKeyHint')}
          // The server refuses a new key for a built-in item (the seed finds it by key).
          disabled={item?.builtin ?? false}
        />
        <FormSelectField
          cell={halfCell}
          name="parent_id"
          label={t('form.parent')}
          emptyLabel={t('form.topLevel')}
          options={parents.map((p) => ({ value: p.id, label: p.label, indent: p.depth }))}
          testId="menu-item-parent"
        />
        <Grid size={{ xs: 12, sm: 6 }}>
          <FormSuggestField
            name="icon"
            label={t('form.icon')}
            helperText={t('form.iconHint')}
            options={icons}
            decorate={(icon) => <MenuIcon name={icon} />}
          />
        </Grid>
        <FormSuggestField
          cell={halfCell}
          name="path"
          label={t('form.path')}
          helperText={t('form.pathHint')}
          options={paths}
        />
        <FormSelectField
          cell={halfCell}
          name="action"
          label={t('form.action')}
          emptyLabel={t('form.everyone')}
          options={actions.map((a) => ({ value: a, label: a }))}
          onValueChange={(next) => {
            // Keep the subject only when the new action has it.
            const keeps = permissionCatalogue.some(
              (entry) => entry.action === next && entry.subject === form.getValues('subject'),
            );
            if (!keeps) form.setValue('subject', null);
          }}
          testId="menu-item-action"
        />
        <FormSelectField
          cell={halfCell}
          name="subject"
          label={t('form.subject')}
          options={subjects.map((entry) => ({ value: entry.subject, label: entry.subject }))}
          disabled={!action}
          helperText={
            action && subject
              ? permissionText(`${action}-${subject}`, language)
              : t('form.subjectHint')
          }
          testId="menu-item-subject"
        />
        <FormSwitchField
          cell={12}
          name="hidden"
          label={t('form.hidden')}
          testId="menu-item-hidden"
        />
      </Grid>
    </FormDialog>
  );
}
