import { zodResolver } from '@hookform/resolvers/zod';
import {
  membershipTierInputSchema,
  type MembershipTier,
  type MembershipTierInput,
  spendTierInputSchema,
} from '@kopi/contract';
import type { Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { EntityDrawer } from '../../../components/entity-drawer/entity-drawer';
import {
  useEntityForm,
  type DrawerFormProps,
} from '../../../components/entity-drawer/use-entity-form';
import { FormField, FormMoneyField, FormNumberField } from '../../../components/form-fields';
import { halfCell } from '../../../components/form-binding';
import { useMembershipStrings } from '../i18n';
import { multiplierText, parseMultiplier } from '../loyalty-values';
import { FormColourField } from './colour-field';
import { FormParsedField } from './parsed-text-field';

type TierBasis = 'points' | 'spend';

/** The form holds null while a number field is empty; the schema then says "required". */
type FormValues = Omit<z.input<typeof membershipTierInputSchema>, 'threshold' | 'points_per_rm'> & {
  threshold: number | null;
  points_per_rm: number | null;
};

const fields = [
  'name_en',
  'name_my',
  'threshold',
  'points_per_rm',
  'colour',
  'benefits_en',
  'benefits_my',
] as const;

const blank: FormValues = {
  name_en: '',
  name_my: '',
  threshold: null,
  points_per_rm: 100,
  colour: '#7A9E7E',
  benefits_en: '',
  benefits_my: '',
};

const valuesOf = (tier: MembershipTier): FormValues => ({
  name_en: tier.name_en,
  name_my: tier.name_my,
  threshold: tier.threshold,
  points_per_rm: tier.points_per_rm,
  colour: tier.colour,
  benefits_en: tier.benefits_en,
  benefits_my: tier.benefits_my,
});

type TierResolver = Resolver<FormValues, unknown, MembershipTierInput>;
// On a spend basis the threshold is sen typed as ringgit: its range reads in RM.
const resolvers: Record<TierBasis, TierResolver> = {
  points: zodResolver(membershipTierInputSchema) as unknown as TierResolver,
  spend: zodResolver(spendTierInputSchema) as unknown as TierResolver,
};

/** Adds or edits a membership tier in a side drawer; the threshold reads as the tenant's basis. */
export function TierDrawer({
  tier,
  basis,
  ...drawer
}: DrawerFormProps<MembershipTierInput> & {
  tier: MembershipTier | null;
  basis: TierBasis;
}) {
  const { t } = useMembershipStrings();
  const { frame } = useEntityForm({
    ...drawer,
    record: tier,
    blank,
    valuesOf,
    resolver: resolvers[basis],
    fields,
    // Two tiers cannot start at the same threshold: say so on the field.
    refusedFields: { tier_threshold_taken: 'threshold' },
  });
  const thresholdProps = {
    cell: halfCell,
    name: 'threshold' as const,
    label: basis === 'spend' ? t('form.thresholdSpend') : t('form.thresholdPoints'),
    helperText: t('form.thresholdHint'),
  };

  return (
    <EntityDrawer
      name="tier"
      title={tier ? t('form.editTitle') : t('form.createTitle')}
      width={520}
      {...frame}
    >
      <FormField cell={halfCell} name="name_en" label={t('form.nameEn')} autoFocus />
      <FormField cell={halfCell} name="name_my" label={t('form.nameMy')} />
      {basis === 'spend' ? (
        <FormMoneyField {...thresholdProps} />
      ) : (
        <FormNumberField {...thresholdProps} step={1} />
      )}
      <FormParsedField
        cell={halfCell}
        name="points_per_rm"
        label={t('form.multiplier')}
        helperText={t('form.multiplierHint')}
        format={multiplierText}
        parse={parseMultiplier}
        unreadableMessage={t('form.multiplierUnreadable')}
        slotProps={{ htmlInput: { inputMode: 'decimal', 'data-testid': 'tier-multiplier' } }}
      />
      <FormColourField
        cell={halfCell}
        name="colour"
        label={t('form.colour')}
        pickLabel={t('form.pickColour')}
        helperText={t('form.colourHint')}
      />
      <FormField cell={12} name="benefits_en" label={t('form.benefitsEn')} multiline minRows={2} />
      <FormField cell={12} name="benefits_my" label={t('form.benefitsMy')} multiline minRows={2} />
    </EntityDrawer>
  );
}
