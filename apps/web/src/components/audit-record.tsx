import Typography from '@mui/material/Typography';
import type { AuditEntry } from '@kopi/contract';
import { useAuditLabels } from '../lib/audit-labels';
import { useTillName } from '../lib/till-name';

/**
 * A record's label as the screen names it: a till's (and a shift's, "Till 1 · Aminah ·
 * 2026/06/10") numbered till name in the screen's language.
 */
function shownLabel(entity: string, label: string, tillName: (name: string) => string) {
  if (entity === 'till') return tillName(label);
  if (entity !== 'shift') return label;
  const [till = '', ...rest] = label.split(' · ');
  return [tillName(till), ...rest].join(' · ');
}

/**
 * The record an audit entry is about, as staff call it: "Order KL01-0140", "User cashier". The
 * id shows (shortened) only when the record has no name; it is always in the tooltip.
 */
export function AuditRecord({
  entry,
}: {
  entry: Pick<AuditEntry, 'entity' | 'entity_id' | 'entity_label'>;
}) {
  const labels = useAuditLabels();
  const tillName = useTillName();
  const id = entry.entity_id;
  const label = entry.entity_label && shownLabel(entry.entity, entry.entity_label, tillName);
  const name = label ?? (id && id.length > 12 ? `${id.slice(0, 8)}…` : id);
  return (
    <Typography variant="body2" title={id ?? undefined} data-testid="audit-record">
      {labels.entity(entry.entity)}
      {name && (
        <Typography
          component="span"
          variant="body2"
          color={entry.entity_label ? 'text.primary' : 'text.secondary'}
          sx={{ fontWeight: entry.entity_label ? 600 : undefined }}
        >
          {' '}
          {name}
        </Typography>
      )}
    </Typography>
  );
}
