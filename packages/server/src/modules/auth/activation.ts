import type { Db } from '../../db/client';
import { randomToken, sha256 } from '../../lib/crypto';
import type { Deps } from '../../lib/deps';
import { expireUserTokens, insertUserToken } from './repo';

const ACTIVATION_TTL_MS = 7 * 24 * 3600 * 1000;

/**
 * Mail a user the link to /activation where they set their own password. Only the newest link
 * works. Call inside the transaction that creates or changes the user.
 */
export async function sendActivationMail(
  deps: Pick<Deps, 'config' | 'mailer'>,
  tx: Db,
  user: { id: number; username: string; email: string },
  accountName?: string,
): Promise<string> {
  const token = randomToken();
  await expireUserTokens(tx, user.id, 'activate');
  await insertUserToken(tx, {
    tokenHash: sha256(token),
    userId: user.id,
    purpose: 'activate',
    expiresAt: new Date(Date.now() + ACTIVATION_TTL_MS),
  });
  const link = `${deps.config.publicUrl}/activation?token=${token}`;
  const where = accountName ? ` for the account "${accountName}"` : '';
  await deps.mailer.queue(tx, {
    to: user.email,
    kind: 'activation',
    subject: 'Activate your Herald user / 激活您的 Herald 用户',
    body:
      `Hello ${user.username},\n\nA Herald user was created for you${where}. ` +
      `Open this link within 7 days to set your password:\n${link}\n\n` +
      `您好 ${user.username}，\n已为您创建 Herald 用户。请在 7 天内打开以上链接设置密码。\n`,
    link,
  });
  return token;
}
