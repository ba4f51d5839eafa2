/** An audit entry's before or after: small objects of the changed fields only; never secrets (client secrets, tokens, password hashes). */
export type AuditValues = Record<string, unknown>

/**
 * An entry's before and after without the fields that are the same in both (a rejected post that
 * stays ASK_FOR_FEEDBACK is no "ASK_FOR_FEEDBACK → ASK_FOR_FEEDBACK" change). Fields on one side only
 * (a reason, a created value) are kept, and so is a side that is null (a creation, a deletion). The
 * server writes entries through it; the audit log screen reads older entries, written before it did,
 * through it too.
 */
export function withoutUnchanged(before: AuditValues | null, after: AuditValues | null): { before: AuditValues | null; after: AuditValues | null } {
  if (!before || !after) return { before, after }
  const same = new Set(Object.keys(before).filter((key) => key in after && JSON.stringify(before[key]) === JSON.stringify(after[key])))
  if (same.size === 0) return { before, after }
  const drop = (values: AuditValues) => Object.fromEntries(Object.entries(values).filter(([key]) => !same.has(key)))
  return { before: drop(before), after: drop(after) }
}
