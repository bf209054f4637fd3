import { and, eq, ne } from 'drizzle-orm';
import { AVATAR_MAX_BYTES, AVATAR_MAX_PX, MODEL_IMAGE_MIMES } from '@herald/contract';
import { userAvatars, users } from '../../db/schema';
import type { AuthContext } from '../../lib/context';
import type { Deps } from '../../lib/deps';
import { randomToken } from '../../lib/crypto';
import { notFound } from '../../lib/errors';
import { decodeImage } from '../../lib/image';
import { audit } from '../oper-log/audit';
import { forgetAvatar } from '../users/repo';

/**
 * A picture the browsers of everyone listing users will draw: PNG or JPG (by its bytes and their
 * structure, not the declared type), at most 2 MB and AVATAR_MAX_PX a side.
 */
const decodeAvatar = (image: string) =>
  decodeImage(image, {
    mimes: MODEL_IMAGE_MIMES,
    maxBytes: AVATAR_MAX_BYTES,
    field: 'image',
    formatKey: 'error.modelImageFormat',
    tooLargeKey: 'error.avatarTooLarge',
    dimensions: { maxPx: AVATAR_MAX_PX, dimensionsKey: 'error.avatarDimensions' },
  });

/** A new picture replaces the old one, under a new key. */
export async function setAvatar(deps: Deps, auth: AuthContext, image: string): Promise<void> {
  const { bytes, mime } = decodeAvatar(image);
  const key = randomToken(18);
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
    // the user's row first, as a new picture takes it: two tabs racing queue instead of deadlocking
    await tx.select({ id: users.id }).from(users).where(eq(users.id, auth.userId)).for('update');
    if (!(await forgetAvatar(tx, auth.userId))) return;
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
