import { useMemo } from 'react';
import { auditLabelsEn as en } from './audit-labels-en';
import { auditLabelsMy as my } from './audit-labels-my';
import { defineFeatureStrings } from './i18n/feature-strings';

// Readable names for the codes of the audit trail (action `user.update`, entity `menu_item`,
// snapshot field `id_outlet`), shared by the log (/settings/logs) and a user's activity. The
// server keeps writing codes (they are the stable filter values); only the display translates.
// A code without a label (a new action, an old entry) still reads as words, never as a blank.

const useAuditStrings = defineFeatureStrings('audit', { en, my });

/** `password_reset_link` → `Password reset link`: the fallback for a code without a label. */
export function humanizeCode(code: string): string {
  const words = code.replace(/[_.-]+/g, ' ').trim();
  return words ? words[0]!.toUpperCase() + words.slice(1) : code;
}

/** Only plain codes are looked up (`payment-gateway` too): anything else could reach i18next's key syntax. */
const isCode = (code: string) => /^[a-z0-9_-]+$/.test(code);

export interface AuditLabels {
  action: (action: string) => string;
  entity: (entity: string) => string;
  /** A snapshot path (`permissions[]`, `settings.theme`), segment by segment. */
  field: (path: string) => string;
  /** A value written as a code (a movement's `reason: petty_cash`) in words; undefined for others. */
  value: (path: string, value: unknown) => string | undefined;
}

export function useAuditLabels(): AuditLabels {
  const { t } = useAuditStrings();
  return useMemo(() => {
    // The keys are built from data, so the typed `t` cannot check them; unknown ones fall back.
    const lookup = t as unknown as (key: string, options: { defaultValue: string }) => string;
    const entity = (code: string) =>
      isCode(code) ? lookup(`entity.${code}`, { defaultValue: humanizeCode(code) }) : code;
    const segment = (code: string) =>
      isCode(code) ? lookup(`field.${code}`, { defaultValue: humanizeCode(code) }) : code;
    return {
      entity,
      action: (code) => {
        const [subject, verb, ...rest] = code.split('.');
        if (!subject || !verb || rest.length > 0 || !isCode(subject) || !isCode(verb)) {
          return humanizeCode(code);
        }
        return lookup(`action.${subject}.${verb}`, {
          defaultValue: `${entity(subject)}: ${humanizeCode(verb).toLowerCase()}`,
        });
      },
      field: (path) => path.replace(/\[\]$/, '').split('.').map(segment).join(' › '),
      value: (path, value) => {
        const leaf = path.replace(/\[\]$/, '').split('.').pop() ?? '';
        if (typeof value !== 'string' || !isCode(leaf) || !isCode(value)) return undefined;
        return lookup(`value.${leaf}.${value}`, { defaultValue: '' }) || undefined;
      },
    };
  }, [t]);
}
