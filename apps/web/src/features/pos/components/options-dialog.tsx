import { useId, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Radio from '@mui/material/Radio';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import Add from '@mui/icons-material/Add';
import Remove from '@mui/icons-material/Remove';
import type { PosMenuProduct } from '@kopi/contract';
import { formatMoney } from '../../../lib/formatters';
import { useLocalizedName } from '../../../lib/localized-name';
import { MAX_QUANTITY, type CartLine, type NewCartLine } from '../cart';
import { usePosStrings } from '../i18n';
import {
  chooseOption,
  defaultSelection,
  lineSelection,
  groupMax,
  groupMin,
  groupProblems,
  isSingleChoice,
  optionBlocked,
  toCartLine,
  toggleAddon,
  unitPriceWith,
  type GroupProblem,
  type Selection,
  type VariantGroup,
} from '../options';
import { PosFormDialog } from '../../../components/pos-form-dialog';

type T = ReturnType<typeof usePosStrings>['t'];

const signedMoney = (sen: number) => (sen > 0 ? `+${formatMoney(sen)}` : formatMoney(sen));

function ruleText(t: T, g: VariantGroup) {
  const min = groupMin(g);
  const max = groupMax(g);
  if (max === 1) return t('options.chooseOne');
  if (min === max) return t('options.chooseExactly', { count: min });
  if (max === Number.POSITIVE_INFINITY) {
    return min > 0 ? t('options.chooseAtLeast', { min }) : '';
  }
  return min > 0 ? t('options.chooseRange', { min, max }) : t('options.chooseUpTo', { max });
}

export function problemText(t: T, p: GroupProblem, group = p.group.name) {
  if (p.kind === 'max') return t('options.tooMany', { max: p.max, group });
  return p.min === 1
    ? t('options.needMin', { group })
    : t('options.needMinCount', { min: p.min, group });
}

/** A choice whose accessible name is exactly the option's name; its price describes it. */
function Choice({
  kind,
  name,
  price,
  checked,
  disabled,
  onChange,
}: {
  kind: 'radio' | 'checkbox';
  name: string;
  price: number | null;
  checked: boolean;
  disabled?: boolean;
  onChange: () => void;
}) {
  const id = useId();
  const Control = kind === 'radio' ? Radio : Checkbox;
  return (
    <FormControlLabel
      sx={{
        m: 0,
        minHeight: 48,
        pr: 1.5,
        border: 1,
        borderColor: checked ? 'primary.main' : 'divider',
        borderRadius: 1,
        bgcolor: checked ? 'action.selected' : undefined,
      }}
      control={
        <Control
          checked={checked}
          disabled={disabled}
          onChange={onChange}
          slotProps={{
            input: {
              'aria-labelledby': `${id}-name`,
              ...(price ? { 'aria-describedby': `${id}-price` } : {}),
            },
          }}
        />
      }
      label={
        <Box component="span" sx={{ display: 'flex', gap: 1, alignItems: 'baseline' }}>
          <span id={`${id}-name`}>{name}</span>
          {price !== null && price !== 0 && (
            <Typography component="span" id={`${id}-price`} variant="body2" color="text.secondary">
              {signedMoney(price)}
            </Typography>
          )}
        </Box>
      }
    />
  );
}

function GroupField({
  group,
  selection,
  onChange,
}: {
  group: VariantGroup;
  selection: Selection;
  onChange: (next: Selection) => void;
}) {
  const { t } = usePosStrings();
  const nameOf = useLocalizedName();
  const headingId = useId();
  const chosen = selection.options[group.id] ?? [];
  const single = isSingleChoice(group);
  const required = groupMin(group) > 0;
  const rule = ruleText(t, group);
  const full = !single && chosen.length >= groupMax(group);
  return (
    <Box
      role={single ? 'radiogroup' : 'group'}
      aria-labelledby={headingId}
      data-testid="pos-option-group"
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
        <Typography id={headingId} variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
          {nameOf(group.name, group.name_my)}
        </Typography>
        <Chip
          size="small"
          label={required ? t('options.required') : t('options.optional')}
          color={required ? 'warning' : 'default'}
          variant={required ? 'filled' : 'outlined'}
        />
        {rule && (
          <Typography variant="body2" color="text.secondary">
            {rule}
          </Typography>
        )}
      </Stack>
      <Box
        sx={{
          display: 'grid',
          gap: 1,
          gridTemplateColumns: 'repeat(auto-fill, minmax(150px, 1fr))',
        }}
      >
        {single && !required && (
          <Choice
            kind="radio"
            name={t('options.none')}
            price={null}
            checked={chosen.length === 0}
            onChange={() => onChange(chooseOption(selection, group, null))}
          />
        )}
        {group.options.map((o) => (
          <Choice
            key={o.id}
            kind={single ? 'radio' : 'checkbox'}
            name={nameOf(o.name, o.name_my)}
            price={o.price}
            checked={chosen.includes(o.id)}
            disabled={optionBlocked(selection, group, o.id)}
            onChange={() => onChange(chooseOption(selection, group, o.id))}
          />
        ))}
      </Box>
      {full && Number.isFinite(groupMax(group)) && (
        <Typography variant="caption" color="text.secondary">
          {t('options.groupFull', { max: groupMax(group) })}
        </Typography>
      )}
    </Box>
  );
}

function OptionsForm({
  product,
  editing,
  onAdd,
  onClose,
}: {
  product: PosMenuProduct;
  editing: CartLine | null;
  onAdd: (line: NewCartLine) => void;
  onClose: () => void;
}) {
  const { t } = usePosStrings();
  const nameOf = useLocalizedName();
  // A new item starts from the defaults; a cart line's choices from what it has.
  const [selection, setSelection] = useState<Selection>(() =>
    editing ? lineSelection(product, editing) : defaultSelection(product),
  );
  const [quantity, setQuantity] = useState(editing?.quantity ?? 1);
  const [notes, setNotes] = useState(editing?.notes ?? '');
  const problems = groupProblems(product, selection);
  const unit = unitPriceWith(product, selection);
  const reasonId = useId();
  const add = () => {
    if (problems.length > 0) return;
    onAdd(toCartLine(product, selection, quantity, notes));
  };

  return (
    <Box
      component="form"
      onSubmit={(e) => {
        e.preventDefault();
        add();
      }}
      sx={{ display: 'contents' }}
    >
      <DialogTitle id="pos-options-title" sx={{ pb: 1 }}>
        {t('options.title', { name: nameOf(product.name, product.name_my) })}
        <Typography component="span" variant="body1" color="text.secondary" sx={{ ml: 1 }}>
          {formatMoney(product.price)}
        </Typography>
      </DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2.5}>
          {product.variant_groups.map((g) => (
            <GroupField key={g.id} group={g} selection={selection} onChange={setSelection} />
          ))}
          {product.addons.length > 0 && (
            <Box role="group" aria-labelledby="pos-addons-heading">
              <Typography
                id="pos-addons-heading"
                variant="subtitle1"
                component="h3"
                sx={{ fontWeight: 600, mb: 1 }}
              >
                {t('options.addons')}
              </Typography>
              <Box
                sx={{
                  display: 'grid',
                  gap: 1,
                  gridTemplateColumns: 'repeat(auto-fill, minmax(150px, 1fr))',
                }}
              >
                {product.addons.map((a) => (
                  <Choice
                    key={a.id}
                    kind="checkbox"
                    name={nameOf(a.name, a.name_my)}
                    price={a.price}
                    checked={selection.addons.includes(a.id)}
                    onChange={() => setSelection((s) => toggleAddon(s, a.id))}
                  />
                ))}
              </Box>
            </Box>
          )}
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: 'center' }}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <IconButton
                aria-label={t('options.decrease')}
                onClick={() => setQuantity((q) => Math.max(1, q - 1))}
                disabled={quantity <= 1}
                sx={{ width: 48, height: 48, border: 1, borderColor: 'divider' }}
              >
                <Remove />
              </IconButton>
              <TextField
                label={t('options.quantity')}
                value={quantity}
                onChange={(e) => {
                  const n = Number(e.target.value.replace(/\D/g, ''));
                  setQuantity(Math.min(MAX_QUANTITY, Math.max(1, Number.isFinite(n) ? n : 1)));
                }}
                sx={{ width: 88 }}
                slotProps={{
                  htmlInput: {
                    inputMode: 'numeric',
                    'data-testid': 'pos-option-quantity',
                    style: { textAlign: 'center' },
                  },
                }}
              />
              <IconButton
                aria-label={t('options.increase')}
                onClick={() => setQuantity((q) => Math.min(MAX_QUANTITY, q + 1))}
                disabled={quantity >= MAX_QUANTITY}
                sx={{ width: 48, height: 48, border: 1, borderColor: 'divider' }}
              >
                <Add />
              </IconButton>
            </Stack>
            <TextField
              label={t('options.note')}
              value={notes}
              onChange={(e) => setNotes(e.target.value.slice(0, 200))}
              fullWidth
              slotProps={{ htmlInput: { maxLength: 200, 'data-testid': 'pos-option-note' } }}
            />
          </Stack>
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 1.5, gap: 1, flexWrap: 'wrap' }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography variant="body2" color="text.secondary" role="status">
            {t('options.linePrice')}{' '}
            <Box component="strong" sx={{ color: 'text.primary' }} data-testid="pos-option-price">
              {formatMoney(unit * quantity)}
            </Box>
          </Typography>
          {problems.length > 0 && (
            <Typography
              id={reasonId}
              variant="body2"
              color="warning.dark"
              data-testid="pos-option-reason"
            >
              {problemText(
                t,
                problems[0]!,
                nameOf(problems[0]!.group.name, problems[0]!.group.name_my),
              )}
            </Typography>
          )}
        </Box>
        <Button onClick={onClose} color="inherit" sx={{ minHeight: 48 }}>
          {t('options.cancel')}
        </Button>
        <Button
          type="submit"
          variant="contained"
          disabled={problems.length > 0}
          aria-describedby={problems.length > 0 ? reasonId : undefined}
          sx={{ minHeight: 48, px: 3 }}
          data-testid="pos-option-add"
        >
          {editing ? t('options.update') : t('options.addToCart')}
        </Button>
      </DialogActions>
    </Box>
  );
}

/** Variant and add-on choices of a product, with quantity and a note; the line price is live. */
export function OptionsDialog({
  product,
  editing = null,
  onAdd,
  onClose,
}: {
  product: PosMenuProduct | null;
  /** The cart line whose choices are being changed; null for a new item. */
  editing?: CartLine | null;
  onAdd: (line: NewCartLine) => void;
  onClose: () => void;
}) {
  return (
    <PosFormDialog name="options" open={product !== null} onClose={onClose} maxWidth="sm">
      {product && (
        <OptionsForm
          key={editing?.key ?? product.id}
          product={product}
          editing={editing}
          onAdd={onAdd}
          onClose={onClose}
        />
      )}
    </PosFormDialog>
  );
}
