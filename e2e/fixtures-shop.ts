import type { Page } from 'playwright-core';
import { startHerald, type ApiClient, type Herald } from './harness';
import { operatorAndAccount, type Owner } from './story';
import { signIn } from './ui';

/** The operator administrator after the first sign-in replaced the initial password. */
export const OPERATOR = { username: 'admin', password: 'Operator@2024' } as const;

export type Lang = 'en_US' | 'zh_CN';

/**
 * A server with one account (its admin activated and signed in over the API) and the operator's
 * models: the ground of the stories that walk the console as an operator and one shop.
 */
export async function openShop(o: {
  owner: Owner;
  accountName: string;
  models: { name: string; code: string; type: 'printer' | 'speaker' | 'broadcast' }[];
}): Promise<{ herald: Herald; op: ApiClient; owner: ApiClient; modelIds: Record<string, number> }> {
  const herald = await startHerald();
  const { op, modelIds } = await operatorAndAccount(herald, { opPassword: OPERATOR.password, ...o });
  const owner = await herald.api().login(o.owner.username, o.owner.password);
  return { herald, op, owner, modelIds };
}

/** A page at 1440×900 (the width the walkthroughs were seen at), signed in in `lang`. */
export async function signedInPage(
  herald: Herald,
  user: { username: string; password: string },
  lang: Lang = 'en_US',
): Promise<Page> {
  const page = await herald.newPage();
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`/login?lang=${lang}`);
  await signIn(page, user.username, user.password);
  return page;
}
