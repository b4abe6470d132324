import { FilterSelect } from '../../../components/list-page/filter-select';
import { useAppFeatureStrings } from '../i18n';

/** The feature lists' "on / off / any" filter (the value in force, or the platform default). */
export function OnOffFilter({
  label,
  value,
  onChange,
  testId,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  testId: string;
}) {
  const { t } = useAppFeatureStrings();
  return (
    <FilterSelect
      label={label}
      value={value}
      onChange={onChange}
      anyLabel={t('filters.anyValue')}
      options={[
        { value: 'on', label: t('filters.on') },
        { value: 'off', label: t('filters.off') },
      ]}
      minWidth={160}
      testId={testId}
    />
  );
}
