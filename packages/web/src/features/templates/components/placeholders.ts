/**
 * `{{name}}` placeholders of a template body, as the server reads them (TEMPLATE_PARAM_RE names,
 * spaces inside the braces allowed). Used by the "pick up placeholders" button.
 */
const PLACEHOLDER_RE = /\{\{\s*([A-Za-z_][A-Za-z0-9_]{0,31})\s*\}\}/g;

export type ParamRow = { name: string; sample?: string; description?: string | null };

/** Distinct placeholder names in order of first use. */
export function pickPlaceholders(body: string): string[] {
  const names: string[] = [];
  for (const m of body.matchAll(PLACEHOLDER_RE)) if (!names.includes(m[1]!)) names.push(m[1]!);
  return names;
}

/** The rows with a new (empty) row for every placeholder not declared yet; existing rows stay as they are. */
export function mergePlaceholders(rows: readonly (ParamRow | undefined)[], body: string): ParamRow[] {
  const kept = rows.filter((r): r is ParamRow => !!r);
  const declared = new Set(kept.map((r) => r.name?.trim()).filter(Boolean));
  const added = pickPlaceholders(body)
    .filter((n) => !declared.has(n))
    .map((name) => ({ name, sample: '', description: '' }));
  return [...kept, ...added];
}

/** Placeholders used in the body but missing from the rows. */
export const undeclaredPlaceholders = (rows: readonly (ParamRow | undefined)[], body: string): string[] => {
  // rows of a form list are undefined for a moment while a row is being added
  const declared = new Set(rows.map((r) => r?.name?.trim()));
  return pickPlaceholders(body).filter((n) => !declared.has(n));
};

/** name → sample value, for the preview call (rows without a valid name are skipped). */
export function sampleValues(rows: readonly (ParamRow | undefined)[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const r of rows) {
    const name = r?.name?.trim();
    if (name && /^[A-Za-z_][A-Za-z0-9_]{0,31}$/.test(name)) out[name] = r?.sample ?? '';
  }
  return out;
}
