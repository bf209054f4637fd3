import { templatesApi as api } from '@herald/contract';
import { ok } from '../../lib/envelope';
import type { RoutesPlugin } from '../../lib/deps';
import { register } from '../../lib/route';
import * as templates from './service';

const templateRoutes: RoutesPlugin = async (app, deps) => {
  register(app, api.list, async (req) => ok(await templates.listTemplates(deps, req.auth, req.query)));
  register(app, api.create, async (req) => ok(await templates.createTemplate(deps, req.auth, req.body)));
  register(app, api.preview, async (req) => ok(await templates.previewMarkup(deps, req.body)));
  register(app, api.get, async (req) => ok(await templates.getTemplate(deps, req.auth, req.params.id)));
  register(app, api.previewSaved, async (req) =>
    ok(await templates.previewSaved(deps, req.auth, req.params.id, req.query.paperWidth as 58 | 80 | undefined)),
  );
  register(app, api.update, async (req) => ok(await templates.updateTemplate(deps, req.auth, req.params.id, req.body)));
  register(app, api.remove, async (req) =>
    ok(await templates.deleteTemplate(deps, req.auth, req.params.id).then(() => null)),
  );
};

export default templateRoutes;
