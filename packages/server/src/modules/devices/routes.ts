import { IMPORT_MAX_BYTES, devicesApi as api } from '@herald/contract';
import { ok } from '../../lib/envelope';

import type { RoutesPlugin } from '../../lib/deps';
import { register } from '../../lib/route';
import * as actions from './actions';
import { exportDevices } from './export';
import * as imports from './import';
import registrationRoutes from './registration-routes';
import * as devices from './service';
import * as testPrint from './test-print';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const attachment = (name: string) => `attachment; filename="${name.replace(/[^\w.-]/g, '_')}"`;

const deviceRoutes: RoutesPlugin = async (app, deps) => {
  // ── lists ───────────────────────────────────────────────────────────────
  register(app, api.list, async (req) => ok(await devices.listDevices(deps, req.auth, req.query, false, req.locale)));
  register(app, api.deleted, async (req) => ok(await devices.listDevices(deps, req.auth, req.query, true, req.locale)));
  register(app, api.muted, async (req) => ok(await devices.listMutedDevices(deps, req.auth, req.query, req.locale)));

  register(
    app,
    api.export,
    async (req, reply) => {
      const f = await exportDevices(deps, req.auth, req.query, req.locale);
      const stamp = new Date().toISOString().slice(0, 19).replace(/[-:]/g, '').replace('T', '-');
      return reply
        .type(f.type)
        .header('content-disposition', attachment(`devices-${stamp}.${f.extension}`))
        .header('cache-control', 'no-store')
        .send(f.body);
    },
    { schema: { produces: [XLSX, 'text/csv'] } },
  );

  // ── add, batch add ──────────────────────────────────────────────────────
  register(app, api.create, async (req) => ok(await devices.createDevice(deps, req.auth, req.body, req.locale)));
  register(app, api.importTemplate, async (_req, reply) =>
    reply
      .type(XLSX)
      .header('content-disposition', attachment('device-import-template.xlsx'))
      .send(await imports.templateXlsx()),
  );
  register(
    app,
    api.startImport,
    async (req) => ok(imports.toImportJob(await imports.startImport(deps, req.auth, req.body, req.log), req.locale)),
    { bodyLimit: Math.ceil((IMPORT_MAX_BYTES * 4) / 3) + 64 * 1024 },
  );
  register(app, api.getImport, async (req) =>
    ok(imports.toImportJob(await imports.getImport(deps, req.auth, req.params.id), req.locale)),
  );
  register(app, api.importSecrets, async (req) =>
    ok(await imports.takeGeneratedSecrets(deps, req.auth, req.params.id)),
  );

  // ── batch actions ───────────────────────────────────────────────────────
  register(app, api.setStatus, async (req) =>
    ok(await devices.setStatus(deps, req.auth, req.body.ids, req.body.status)),
  );
  register(app, api.pause, async (req) => ok(await devices.setPaused(deps, req.auth, req.body.ids, true)));
  register(app, api.resume, async (req) => ok(await devices.setPaused(deps, req.auth, req.body.ids, false)));
  register(app, api.mute, async (req) => ok(await devices.mute(deps, req.auth, req.body.ids, req.body.minutes)));
  register(app, api.unmute, async (req) => ok(await devices.unmute(deps, req.auth, req.body.ids)));
  register(app, api.switchGroup, async (req) =>
    ok(await devices.switchGroup(deps, req.auth, req.body.ids, req.body.groupId)),
  );
  register(app, api.assignOwner, async (req) =>
    ok(await devices.assignOwner(deps, req.auth, req.body.ids, req.body.userId)),
  );
  register(app, api.remove, async (req) => ok(await devices.deleteDevices(deps, req.auth, req.body.ids)));
  register(app, api.restore, async (req) => ok(await devices.restoreDevices(deps, req.auth, req.body.ids)));

  // ── one device ──────────────────────────────────────────────────────────
  register(app, api.get, async (req) => ok(await devices.getDevice(deps, req.auth, req.params.id, req.locale)));
  register(app, api.update, async (req) =>
    ok(await devices.updateDevice(deps, req.auth, req.params.id, req.body, req.locale)),
  );
  register(app, api.updatePrintParams, async (req) =>
    ok(await devices.setPrintParams(deps, req.auth, req.params.id, req.body, req.locale)),
  );
  register(app, api.setQr, async (req) => ok(await devices.setQr(deps, req.auth, req.params.id, req.body, req.locale)));
  register(app, api.restart, async (req) => ok(await actions.restart(deps, req.auth, req.params.id)));
  register(app, api.uploadLog, async (req) => ok(await actions.uploadLog(deps, req.auth, req.params.id)));
  register(app, api.listLogs, async (req) => ok(await actions.listLogs(deps, req.auth, req.params.id)));
  register(app, api.downloadLog, async (req, reply) => {
    const f = await actions.logFile(deps, req.auth, req.params.id, req.params.logId);
    return reply
      .type('application/octet-stream')
      .header('content-disposition', attachment(f.fileName))
      .header('x-content-type-options', 'nosniff')
      .send(f.content);
  });
  register(app, api.listCommands, async (req) => ok(await actions.listCommands(deps, req.auth, req.params.id)));
  register(app, api.getCommand, async (req) =>
    ok(await actions.getCommand(deps, req.auth, req.params.id, req.params.commandId)),
  );

  // ── a printer's test page, the device's queue (job control) ────────────
  register(app, api.testPrint, async (req) => ok(await testPrint.testPrint(deps, req.auth, req.params.id)));
  register(app, api.queue, async (req) => ok(await testPrint.queueOf(deps, req.auth, req.params.id)));
  register(app, api.getJob, async (req) => ok(await testPrint.jobOf(deps, req.auth, req.params.id, req.params.jobId)));
  register(app, api.cancelJob, async (req) =>
    ok(await testPrint.cancelQueued(deps, req.auth, req.params.id, req.params.jobId)),
  );

  // ── registrations (/device/device-apply), under their own permission ────
  await registrationRoutes(app, deps);
};

export default deviceRoutes;
