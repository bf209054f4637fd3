import { commonApi as api } from '@herald/contract';
import { ok } from '../../lib/envelope';
import type { RoutesPlugin } from '../../lib/deps';
import { register } from '../../lib/route';
import * as common from './service';
import { businessOptions } from '../businesses/service';
import { templateOptions } from '../templates/service';
import { speakLanguageOptions } from '../trade-speak/service';

const commonRoutes: RoutesPlugin = async (app, deps) => {
  register(app, api.operModuleList, async () => ok(common.operModules()));

  register(app, api.operTypeList, async () => ok(common.operTypes()));

  register(app, api.accountListQuery, async (req) => ok(await common.accountOptions(deps, req.auth)));

  register(app, api.accountUserListQuery, async (req) =>
    ok(await common.accountUserOptions(deps, req.auth, req.query.accountId)),
  );

  register(app, api.accountSummary, async (req) => ok(await common.accountSummary(deps, req.auth)));

  register(app, api.businessListQuery, async (req) => ok(await businessOptions(deps, req.auth)));

  register(app, api.templateListQuery, async (req) => ok(await templateOptions(deps, req.auth)));

  register(app, api.speakLanguageListQuery, async (req) => ok(speakLanguageOptions(req.locale)));
};

export default commonRoutes;
