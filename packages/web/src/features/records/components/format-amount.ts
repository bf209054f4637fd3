/** An amount with its currency in the console's language ("¥12.50", "CN¥12.50"); raw text if unreadable. */
export function formatAmount(amount: string | null, currency: string | null, locale: string): string {
  if (amount == null) return '-';
  const n = Number(amount);
  if (!Number.isFinite(n)) return amount;
  try {
    return new Intl.NumberFormat(locale.replace('_', '-'), currency ? { style: 'currency', currency } : {}).format(n);
  } catch {
    return currency ? `${amount} ${currency}` : amount;
  }
}
