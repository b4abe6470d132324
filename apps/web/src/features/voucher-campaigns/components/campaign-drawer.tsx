import { ScheduleFields } from '../../../components/schedule-fields';
import { useMemo } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  parsePhoneList,
  voucherCampaignInputSchema,
  type VoucherCampaign,
  type VoucherCampaignParsed,
} from '@kopi/contract';
import type { Control, FieldErrors, Resolver } from 'react-hook-form';
import { EntityDrawer } from '../../../components/entity-drawer/entity-drawer';
import { NameFields, nameFieldsOf } from '../../../components/entity-drawer/named-entity-drawer';
import {
  useEntityForm,
  type DrawerFormProps,
} from '../../../components/entity-drawer/use-entity-form';
import { FormUniqueVoucherField } from '../../../components/form-unique-voucher-field';

import { useUniqueVouchers } from '../api';
import { blankCampaign, campaignValuesOf, type CampaignFormValues } from '../campaign-input';
import { useCampaignStrings } from '../i18n';
import { AudienceFields, lineList } from './audience-fields';

const fields = Object.keys(blankCampaign()) as (keyof CampaignFormValues)[];
const schemaResolver = zodResolver(voucherCampaignInputSchema);

/**
 * The contract's schema over the form, with the phone list read from its text first: lines that
 * are not phones stop the save and are named on the field, as is a list with no phone at all.
 */
export function campaignResolver(
  invalidMessage: (lines: number[]) => string,
): Resolver<CampaignFormValues, unknown, VoucherCampaignParsed> {
  return async (values, context, options) => {
    const listed = values.audience_kind === 'phone_list';
    const read = parsePhoneList(listed ? values.phone_text : '');
    // The schema's fields are not the form's (the phone list is text here): pass on what the
    // zod resolver reads, not the form's field names.
    const { criteriaMode, fields: registered, shouldUseNativeValidation } = options;
    const result = await schemaResolver({ ...values, audience_phones: read.phones }, context, {
      criteriaMode,
      fields: registered,
      shouldUseNativeValidation,
    });
    const errors = { ...result.errors } as FieldErrors<CampaignFormValues>;
    if (errors.audience_phones) {
      errors.phone_text = { type: 'required', message: errors.audience_phones.message };
      delete errors.audience_phones;
    }
    if (listed && read.invalidLines.length > 0) {
      errors.phone_text = { type: 'invalid', message: invalidMessage(read.invalidLines) };
    }
    if (Object.keys(errors).length > 0) return { values: {}, errors };
    return { values: result.values as VoucherCampaignParsed, errors: {} };
  };
}

/** A refusal (409) about the voucher, shown on its field as well as in the toast. */
const refusedFields: Record<string, keyof CampaignFormValues> = {
  voucher_campaign_voucher_shared: 'voucher_id',
};

/**
 * Create or edit a campaign in a side drawer: its names, the voucher (of unique codes) it issues,
 * its audience and its period. The contract's schema checks it before it is sent and says why on
 * the field it concerns.
 */
export function CampaignDrawer({
  campaign,
  timeZone,
  ...drawer
}: DrawerFormProps<VoucherCampaignParsed> & {
  campaign: VoucherCampaign | null;
  timeZone: string;
}) {
  const { t } = useCampaignStrings();
  const resolver = useMemo(
    () =>
      campaignResolver((lines) =>
        t('form.invalidLines', { count: lines.length, lines: lineList(lines) }),
      ),
    [t],
  );
  const { form, frame } = useEntityForm<VoucherCampaign, CampaignFormValues, VoucherCampaignParsed>(
    {
      ...drawer,
      record: campaign,
      blank: blankCampaign(),
      valuesOf: campaignValuesOf,
      resolver,
      fields,
      mapPath: (path) => (path.startsWith('audience_phones') ? 'phone_text' : path),
      refusedFields,
    },
  );
  // The fields bind to the form's values; what it turns them into on save is the resolver's.
  const control = form.control as unknown as Control<CampaignFormValues>;
  const vouchers = useUniqueVouchers(drawer.open);
  const choices = vouchers.data ?? [];
  // A saved campaign's voucher stays choosable even when it is not among the first hundred.
  const options = choices.some((v) => v.id === campaign?.voucher_id)
    ? choices
    : campaign
      ? [...choices, { id: campaign.voucher_id, name_en: campaign.voucher_name }]
      : choices;

  return (
    <EntityDrawer
      name="campaign"
      title={campaign ? t('form.editTitle') : t('form.createTitle')}
      width={600}
      {...frame}
      control={control}
    >
      <NameFields names={nameFieldsOf(t)} />
      <FormUniqueVoucherField
        options={options.map((v) => ({ value: v.id, label: v.name_en }))}
        loaded={vouchers.isSuccess}
        t={t}
        testId="campaign-voucher"
      />
      <AudienceFields control={control} setValue={form.setValue} timeZone={timeZone} />
      <ScheduleFields<CampaignFormValues>
        from="starts_at"
        until="ends_at"
        timeZone={timeZone}
        t={t}
        testIds={['campaign-start', 'campaign-end']}
      />
    </EntityDrawer>
  );
}
