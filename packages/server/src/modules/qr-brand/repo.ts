import { and, eq, sql } from 'drizzle-orm';
import { AccountStatus } from '@herald/contract';
import type { Db } from '../../db/client';
import { accounts, qrBrands } from '../../db/schema';

export type QrBrandRow = Omit<typeof qrBrands.$inferSelect, 'logo'>;

/** The brand without the logo's bytes (those are read only by the logo's own URL). */
const brandView = {
  accountId: qrBrands.accountId,
  enabled: qrBrands.enabled,
  productName: qrBrands.productName,
  logoKey: qrBrands.logoKey,
  updatedAt: qrBrands.updatedAt,
};

/** `hold`: lock the row until the transaction ends (a change checks the service and writes under it). */
export async function findBrand(db: Db, accountId: number, opts: { hold?: boolean } = {}) {
  const q = db.select(brandView).from(qrBrands).where(eq(qrBrands.accountId, accountId));
  const [row] = opts.hold ? await q.for('update') : await q;
  return row as QrBrandRow | undefined;
}

/** The brand row, created (service off, nothing set) when the account has none yet. */
export async function ensureBrand(db: Db, accountId: number): Promise<void> {
  await db.insert(qrBrands).values({ accountId }).onConflictDoNothing();
}

export async function updateBrand(
  db: Db,
  accountId: number,
  set: Partial<Pick<typeof qrBrands.$inferInsert, 'enabled' | 'productName' | 'logo' | 'logoKey'>>,
): Promise<QrBrandRow> {
  const [row] = await db
    .update(qrBrands)
    .set({ ...set, updatedAt: sql`now()` })
    .where(eq(qrBrands.accountId, accountId))
    .returning(brandView);
  return row!;
}

/** A logo by its public key, only while its account has the service and is enabled. */
export async function findLogo(db: Db, key: string): Promise<Buffer | undefined> {
  const [row] = await db
    .select({ logo: qrBrands.logo })
    .from(qrBrands)
    .innerJoin(accounts, and(eq(accounts.id, qrBrands.accountId), eq(accounts.status, AccountStatus.ENABLED)))
    .where(and(eq(qrBrands.logoKey, key), eq(qrBrands.enabled, true)));
  return row?.logo ?? undefined;
}
