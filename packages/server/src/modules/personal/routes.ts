import { AVATAR_BODY_MAX, personalApi as api } from '@herald/contract';
import { ok } from '../../lib/envelope';
import { IMMUTABLE, sendImage } from '../../lib/image';
import type { RoutesPlugin } from '../../lib/deps';
import { register } from '../../lib/route';
import { avatarImage, removeAvatar, setAvatar } from './avatar';
import * as personal from './service';

/** Personal centre. Own password change and GET /users/current live in the auth module. */
const personalRoutes: RoutesPlugin = async (app, deps) => {
  register(app, api.profile, async (req) => ok(await personal.getProfile(deps, req.auth)));

  register(app, api.updateProfile, async (req) => ok(await personal.updateProfile(deps, req.auth, req.body)));

  register(app, api.email, async (req) => {
    await personal.changeEmail(deps, req.auth, req.body.email, req.body.password);
    return ok(null);
  });

  register(app, api.messageLanguage, async (req) => {
    await personal.setMessageLanguage(deps, req.auth, req.body.messageLanguage);
    return ok(null);
  });

  register(
    app,
    api.updateAvatar,
    async (req) => {
      await setAvatar(deps, req.auth, req.body.image);
      return ok(await personal.getProfile(deps, req.auth));
    },
    { bodyLimit: AVATAR_BODY_MAX + 256 * 1024 },
  );

  register(app, api.removeAvatar, async (req) => {
    await removeAvatar(deps, req.auth);
    return ok(await personal.getProfile(deps, req.auth));
  });

  /** Public: an <img> sends no token. The key is random and changes with each picture. */
  register(app, api.publicAvatar, async (req, reply) => {
    const { image, mime } = await avatarImage(deps, req.params.key);
    return sendImage(reply, mime, image, IMMUTABLE);
  });
};

export default personalRoutes;
