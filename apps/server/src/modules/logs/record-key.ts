// How the log names the record an entry is about.

/** A record an entry is about, within the entry's tenant (null: a platform entry). */
export interface RecordRef {
  entity: string;
  id: string;
  tenantId: string | null;
}

/** The key of a record's label: the tenant is part of it, so a name never crosses tenants. */
export const recordKey = (ref: RecordRef) => `${ref.entity}|${ref.tenantId ?? ''}|${ref.id}`;
