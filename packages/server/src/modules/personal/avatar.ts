import { randomBytes } from 'node:crypto';
import { and, eq, ne } from 'drizzle-orm';
import { AVATAR_MAX_BYTES, MODEL_IMAGE_MIMES } from '@herald/contract';
import { userAvatars, users } from '../../db/schema';
import type { AuthContext } from '../../lib/context';
import type { Deps } from '../../lib/deps';
import { notFound } from '../../lib/errors';
import { decodeImage } from '../../lib/image';
import { audit } from '../oper-log/audit';

/** Public like a model's photo (an <img> sends no token); the random key changes with each picture. */
export const avatarUrl = (key: string | null) => (key ? `/v1/public/avatars/${key}` : null);

/** A new picture (PNG or JPG by its bytes, at most 2 MB) replaces the old one, under a new key. */
export async function setAvatar(deps: Deps, auth: AuthContext, image: string): Promise<void> {
  const { bytes, mime } = decodeImage(image, {
    mimes: MODEL_IMAGE_MIMES,
    maxBytes: AVATAR_MAX_BYTES,
    field: 'image',
    formatKey: 'error.modelImageFormat',
    tooLargeKey: 'error.avatarTooLarge',
  });
  const key = randomBytes(18).toString('base64url');
  await deps.db.transaction(async (tx) => {
    await tx.insert(userAvatars).values({ key, userId: auth.userId, image: bytes, mime });
    await tx.update(users).set({ avatarKey: key }).where(eq(users.id, auth.userId));
    await tx.delete(userAvatars).where(and(eq(userAvatars.userId, auth.userId), ne(userAvatars.key, key)));
    await audit(tx, auth, {
      module: 'personal',
      type: 'edit',
      description: { key: 'log.personal.avatar', params: { username: auth.username } },
    });
  });
}

export async function removeAvatar(deps: Deps, auth: AuthContext): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const gone = await tx
      .delete(userAvatars)
      .where(eq(userAvatars.userId, auth.userId))
      .returning({ key: userAvatars.key });
    if (!gone.length) return;
    await tx.update(users).set({ avatarKey: null }).where(eq(users.id, auth.userId));
    await audit(tx, auth, {
      module: 'personal',
      type: 'edit',
      description: { key: 'log.personal.avatarRemoved', params: { username: auth.username } },
    });
  });
}

export async function avatarImage(deps: Pick<Deps, 'db'>, key: string) {
  const [row] = await deps.db
    .select({ image: userAvatars.image, mime: userAvatars.mime })
    .from(userAvatars)
    .where(eq(userAvatars.key, key));
  if (!row) throw notFound();
  return row;
}
