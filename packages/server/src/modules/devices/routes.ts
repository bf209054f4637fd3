import { z } from 'zod';
import {
  batchResultSchema,
  type BatchResult,
  commandParamsSchema,
  commandSentSchema,
  createDeviceBody,
  deviceCommandSchema,
  deviceCreatedSchema,
  deviceDetailSchema,
  deviceExportQuery,
  deviceJobParamSchema,
  deviceListQuery,
  deviceLogSchema,
  deviceSchema,
  deviceStateResultSchema,
  deviceStatusBody,
  envelope,
  idParamSchema,
  idsBodySchema,
  importDevicesBody,
  importIdParamSchema,
  importSecretsSchema,
  importJobSchema,
  IMPORT_MAX_BYTES,
  logParamsSchema,
  muteBody,
  openJobAccepted,
  openJobView,
  pageOf,
  printParamsBody,
  qrBody,
  switchGroupBody,
  assignOwnerBody,
  updateDeviceBody,
  uploadLogSentSchema,
} from '@herald/contract';
import { ok } from '../../lib/envelope';
import type { RouteAccess } from '../../lib/context';
import type { RoutesPlugin } from '../../lib/deps';
import * as actions from './actions';
import { exportDevices } from './export';
import * as imports from './import';
import registrationRoutes from './registration-routes';
import * as devices from './service';
import * as testPrint from './test-print';

const tags = ['devices'];
const LIST = 'herald.device.physical.list';
/** Operators and account users alike; the service keeps account users to their own devices. */
const can = (action: string) => ({ access: { permission: `${LIST}.${action}` } }) as const;
/** The device QR code page (herald.device.qrcode) lists the devices and turns their QR codes on and off. */
const QR_PAGE = 'herald.device.qrcode';
const canOrQr = (action: string, qrAction: string) =>
  ({ access: { permission: [`${LIST}.${action}`, `${QR_PAGE}.${qrAction}`] } }) as const;
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const attachment = (name: string) => `attachment; filename="${name.replace(/[^\w.-]/g, '_')}"`;

const deviceRoutes: RoutesPlugin = async (app, deps) => {
  // ── lists ───────────────────────────────────────────────────────────────
  app.get(
    '/v1/devices',
    {
      config: canOrQr('query', 'query'),
      schema: {
        tags,
        summary: 'List devices (not deleted); operators may filter by account',
        querystring: deviceListQuery,
        response: { 200: envelope(pageOf(deviceSchema)) },
      },
    },
    async (req) => ok(await devices.listDevices(deps, req.auth, req.query, false, req.locale)),
  );
  app.get(
    '/v1/devices/deleted',
    {
      config: can('query'),
      schema: {
        tags,
        summary: 'The deleted list (status -1)',
        querystring: deviceListQuery,
        response: { 200: envelope(pageOf(deviceSchema)) },
      },
    },
    async (req) => ok(await devices.listDevices(deps, req.auth, req.query, true, req.locale)),
  );
  app.get(
    '/v1/devices/muted',
    {
      config: {
        access: { permission: ['herald.device.physical.push.alert.silence', 'herald.device.physical.push.warn.query'] },
      },
      schema: {
        tags,
        summary: 'The silence list: devices muted now',
        querystring: deviceListQuery,
        response: { 200: envelope(pageOf(deviceSchema)) },
      },
    },
    async (req) => ok(await devices.listMutedDevices(deps, req.auth, req.query, req.locale)),
  );

  app.get(
    '/v1/devices/export',
    {
      config: can('export'),
      schema: {
        tags,
        summary: `The device list as xlsx or csv: the list's filters and order, no paging (at most 50,000 rows)`,
        querystring: deviceExportQuery,
        produces: [XLSX, 'text/csv'],
      },
    },
    async (req, reply) => {
      const f = await exportDevices(deps, req.auth, req.query, req.locale);
      const stamp = new Date().toISOString().slice(0, 19).replace(/[-:]/g, '').replace('T', '-');
      return reply
        .type(f.type)
        .header('content-disposition', attachment(`devices-${stamp}.${f.extension}`))
        .header('cache-control', 'no-store')
        .send(f.body);
    },
  );

  // ── add, batch add ──────────────────────────────────────────────────────
  app.post(
    '/v1/devices',
    {
      config: can('add'),
      schema: {
        tags,
        summary: 'Add a device; the answer carries its secret, shown this once',
        body: createDeviceBody,
        response: { 200: envelope(deviceCreatedSchema) },
      },
    },
    async (req) => ok(await devices.createDevice(deps, req.auth, req.body, req.locale)),
  );
  app.get(
    '/v1/devices/import-template',
    { config: can('batchAdd'), schema: { tags, summary: 'The batch-add template (xlsx)' } },
    async (_req, reply) =>
      reply
        .type(XLSX)
        .header('content-disposition', attachment('device-import-template.xlsx'))
        .send(await imports.templateXlsx()),
  );
  app.post(
    '/v1/devices/imports',
    {
      config: can('batchAdd'),
      // the file travels as base64: 4/3 of its size, plus the JSON around it
      bodyLimit: Math.ceil((IMPORT_MAX_BYTES * 4) / 3) + 64 * 1024,
      schema: {
        tags,
        summary: 'Start a batch add from an xlsx or xls file (base64); poll the job for progress',
        body: importDevicesBody,
        response: { 200: envelope(importJobSchema) },
      },
    },
    async (req) => ok(imports.toImportJob(await imports.startImport(deps, req.auth, req.body, req.log), req.locale)),
  );
  app.get(
    '/v1/devices/imports/:id',
    {
      config: can('batchAdd'),
      schema: {
        tags,
        summary: 'Progress and per-row errors of a batch add',
        params: importIdParamSchema,
        response: { 200: envelope(importJobSchema) },
      },
    },
    async (req) => ok(imports.toImportJob(await imports.getImport(deps, req.auth, req.params.id), req.locale)),
  );
  app.post(
    '/v1/devices/imports/:id/secrets',
    {
      config: can('batchAdd'),
      schema: {
        tags,
        summary: 'The secrets made for rows without one: to the importer, once (a second call is refused)',
        params: importIdParamSchema,
        response: { 200: envelope(importSecretsSchema) },
      },
    },
    async (req) => ok(await imports.takeGeneratedSecrets(deps, req.auth, req.params.id)),
  );

  // ── batch actions ───────────────────────────────────────────────────────
  const batchRoute = <B extends z.ZodTypeAny>(
    path: string,
    action: string,
    summary: string,
    body: B,
    run: (req: { auth: Parameters<typeof devices.setStatus>[1]; body: z.infer<B> }) => Promise<BatchResult>,
    permission?: readonly string[],
  ) =>
    app.post(
      `/v1/devices/${path}`,
      {
        config: { access: { permission: permission ?? `${LIST}.${action}` } } as { access: RouteAccess },
        schema: { tags, summary, body, response: { 200: envelope(batchResultSchema) } },
      },
      async (req) => ok(await run({ auth: req.auth, body: req.body as z.infer<B> })),
    );
  batchRoute('status', 'status', 'Enable (2) or disable (1) devices', deviceStatusBody, (r) =>
    devices.setStatus(deps, r.auth, r.body.ids, r.body.status),
  );
  batchRoute('pause', 'pause', 'Pause devices', idsBodySchema, (r) =>
    devices.setPaused(deps, r.auth, r.body.ids, true),
  );
  batchRoute('resume', 'pause', 'Resume (restore) paused devices', idsBodySchema, (r) =>
    devices.setPaused(deps, r.auth, r.body.ids, false),
  );
  const MUTE = [`${LIST}.mute`, 'herald.device.physical.push.alert.silence.mute'] as const;
  batchRoute(
    'mute',
    'mute',
    'Mute devices (lifts by itself after at most 24 hours)',
    muteBody,
    (r) => devices.mute(deps, r.auth, r.body.ids, r.body.minutes),
    MUTE,
  );
  batchRoute('unmute', 'mute', 'Unmute devices', idsBodySchema, (r) => devices.unmute(deps, r.auth, r.body.ids), MUTE);
  batchRoute('switch-group', 'switchGroup', 'Move devices to another group', switchGroupBody, (r) =>
    devices.switchGroup(deps, r.auth, r.body.ids, r.body.groupId),
  );
  // editing a device's data: the service also wants the whole account's data (not "own data only")
  batchRoute('assign-owner', 'edit', 'Assign devices to an account user (null: to nobody)', assignOwnerBody, (r) =>
    devices.assignOwner(deps, r.auth, r.body.ids, r.body.userId),
  );
  batchRoute('delete', 'delete', 'Delete devices (to the deleted list)', idsBodySchema, (r) =>
    devices.deleteDevices(deps, r.auth, r.body.ids),
  );
  batchRoute('restore', 'delete', 'Restore deleted devices', idsBodySchema, (r) =>
    devices.restoreDevices(deps, r.auth, r.body.ids),
  );

  // ── one device ──────────────────────────────────────────────────────────
  app.get(
    '/v1/devices/:id',
    {
      config: can('query'),
      schema: {
        tags,
        summary: 'Device detail with live state, online history, recent commands and logs',
        params: idParamSchema,
        response: { 200: envelope(deviceDetailSchema) },
      },
    },
    async (req) => ok(await devices.getDevice(deps, req.auth, req.params.id, req.locale)),
  );
  app.put(
    '/v1/devices/:id',
    {
      config: can('edit'),
      schema: {
        tags,
        summary: 'Edit name, contact phone, group',
        params: idParamSchema,
        body: updateDeviceBody,
        response: { 200: envelope(deviceSchema) },
      },
    },
    async (req) => ok(await devices.updateDevice(deps, req.auth, req.params.id, req.body, req.locale)),
  );
  app.put(
    '/v1/devices/:id/print-params',
    {
      config: can('edit'),
      schema: {
        tags,
        summary: 'Edit print information; sent to the device when it is online',
        params: idParamSchema,
        body: printParamsBody,
        response: { 200: envelope(deviceStateResultSchema) },
      },
    },
    async (req) => ok(await devices.setPrintParams(deps, req.auth, req.params.id, req.body, req.locale)),
  );
  app.post(
    '/v1/devices/:id/qr',
    {
      config: canOrQr('qrSwitch', 'edit'),
      schema: {
        tags,
        summary: 'QR code switch and password',
        params: idParamSchema,
        body: qrBody,
        response: { 200: envelope(deviceStateResultSchema) },
      },
    },
    async (req) => ok(await devices.setQr(deps, req.auth, req.params.id, req.body, req.locale)),
  );
  app.post(
    '/v1/devices/:id/restart',
    {
      config: can('restart'),
      schema: {
        tags,
        summary: "Restart the device ('device not online' when it is not)",
        params: idParamSchema,
        response: { 200: envelope(commandSentSchema) },
      },
    },
    async (req) => ok(await actions.restart(deps, req.auth, req.params.id)),
  );
  app.post(
    '/v1/devices/:id/logs',
    {
      config: can('uploadLog'),
      schema: {
        tags,
        summary: 'Ask the device to upload its log',
        params: idParamSchema,
        response: { 200: envelope(uploadLogSentSchema) },
      },
    },
    async (req) => ok(await actions.uploadLog(deps, req.auth, req.params.id)),
  );
  app.get(
    '/v1/devices/:id/logs',
    {
      config: can('query'),
      schema: {
        tags,
        summary: 'Log files of the device',
        params: idParamSchema,
        response: { 200: envelope(z.array(deviceLogSchema)) },
      },
    },
    async (req) => ok(await actions.listLogs(deps, req.auth, req.params.id)),
  );
  app.get(
    '/v1/devices/:id/logs/:logId',
    { config: can('query'), schema: { tags, summary: 'Download an uploaded log file', params: logParamsSchema } },
    async (req, reply) => {
      const f = await actions.logFile(deps, req.auth, req.params.id, req.params.logId);
      return reply
        .type('application/octet-stream')
        .header('content-disposition', attachment(f.fileName))
        .header('x-content-type-options', 'nosniff')
        .send(f.content);
    },
  );
  app.get(
    '/v1/devices/:id/commands',
    {
      config: can('query'),
      schema: {
        tags,
        summary: 'Recent commands and their acknowledgements',
        params: idParamSchema,
        response: { 200: envelope(z.array(deviceCommandSchema)) },
      },
    },
    async (req) => ok(await actions.listCommands(deps, req.auth, req.params.id)),
  );
  app.get(
    '/v1/devices/:id/commands/:commandId',
    {
      config: can('query'),
      schema: {
        tags,
        summary: 'One command: poll for the acknowledgement',
        params: commandParamsSchema,
        response: { 200: envelope(deviceCommandSchema) },
      },
    },
    async (req) => ok(await actions.getCommand(deps, req.auth, req.params.id, req.params.commandId)),
  );

  // ── a printer's test page, the device's queue (job control) ────────────
  app.post(
    '/v1/devices/:id/test-print',
    {
      config: can('testPrint'),
      schema: {
        tags,
        summary: "Print a test page (a normal print job of the device's account; printers only)",
        params: idParamSchema,
        response: { 200: envelope(openJobAccepted) },
      },
    },
    async (req) => ok(await testPrint.testPrint(deps, req.auth, req.params.id)),
  );
  app.get(
    '/v1/devices/:id/jobs',
    {
      config: can('query'),
      schema: {
        tags,
        summary: 'The queue: jobs of the device not finished yet (0, 1, 2), oldest first',
        params: idParamSchema,
        response: { 200: envelope(z.array(openJobView)) },
      },
    },
    async (req) => ok(await testPrint.queueOf(deps, req.auth, req.params.id)),
  );
  app.get(
    '/v1/devices/:id/jobs/:jobId',
    {
      config: can('query'),
      schema: {
        tags,
        summary: 'One job of the device (follow a test page to its end)',
        params: deviceJobParamSchema,
        response: { 200: envelope(openJobView) },
      },
    },
    async (req) => ok(await testPrint.jobOf(deps, req.auth, req.params.id, req.params.jobId)),
  );
  app.post(
    '/v1/devices/:id/jobs/:jobId/cancel',
    {
      // the record permission of the job's kind is checked by the service
      config: { access: { permission: ['herald.stat.print.rec.cancel', 'herald.stat.broadcast.rec.cancel'] } },
      schema: {
        tags,
        summary: 'Cancel a job of the queue still at 0 or 1 (idempotent; the device drops it)',
        params: deviceJobParamSchema,
        response: { 200: envelope(openJobView) },
      },
    },
    async (req) => ok(await testPrint.cancelQueued(deps, req.auth, req.params.id, req.params.jobId)),
  );

  // ── registrations (/device/device-apply), under their own permission ────
  await registrationRoutes(app, deps);
};

export default deviceRoutes;
