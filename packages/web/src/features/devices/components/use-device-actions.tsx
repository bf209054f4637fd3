import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../../lib/can';
import { useSession } from '../../../lib/session-context';
import { confirmDialog, toastError, toastSuccess } from '../../../lib/feedback';
import { deleteDevices } from '../api/delete-devices';
import { sendTestPage } from '../api/job-control';
import { muteDevices, unmuteDevices } from '../api/mute-devices';
import { pauseDevices, resumeDevices } from '../api/pause-devices';
import { restartDevice } from '../api/restart-device';
import { setDeviceStatus } from '../api/set-device-status';
import { setQr } from '../api/set-qr';
import { switchGroup } from '../api/switch-group';
import { assignOwner } from '../api/assign-owner';
import { AssignOwnerModal } from './AssignOwnerModal';
import type { Batch, Device } from '../api/types';
import { requestLogUpload } from '../api/upload-log';
import { useTrackCommands } from './CommandTracker';
import { P } from './device-codes';
import { CODES, COMMANDED, type DeviceActionKey } from './device-actions';
import { QrModal } from './QrModal';
import { SwitchGroupModal } from './SwitchGroupModal';
import { useTestPrintTracker } from './TestPrintTracker';

/**
 * The device actions for rows, batches and the detail page: permission, confirmation, the call,
 * and the command-result dialog for what reached online devices.
 */
export function useDeviceActions(onDone: () => void, extraCodes: Partial<Record<DeviceActionKey, string[]>> = {}) {
  const { t } = useTranslation();
  const can = useCan();
  const track = useTrackCommands();
  const [groupTargets, setGroupTargets] = useState<Device[] | null>(null);
  const [ownerTargets, setOwnerTargets] = useState<Device[] | null>(null);
  // an "own data only" user cannot give away, or take, devices (the server refuses it too)
  const wholeAccount = useSession().user.dataPermission !== 'self';
  const [qrDevice, setQrDevice] = useState<Device | null>(null);
  const testPages = useTestPrintTracker();

  const allowed = (key: DeviceActionKey) =>
    (key !== 'assignOwner' || wholeAccount) && can([`${P}.${CODES[key]}`, ...(extraCodes[key] ?? [])]);
  const label = (key: DeviceActionKey) =>
    key === 'testPrint' ? t('jobControl.testPrint') : t(`device.actions.${key}`);

  /** Sent at once (nothing to confirm: a test page is harmless), then followed live to its end. */
  const testPrint = async (d: Device) => {
    try {
      const sent = await sendTestPage(d.id);
      testPages.track({ deviceId: d.id, sn: d.sn, jobId: sent.jobId });
    } catch {
      // the HTTP client has shown the server's message
    }
  };

  const afterBatch = (key: DeviceActionKey, r: Batch | null | undefined) => {
    // device state changes reach offline devices only when they reconnect: say so
    const pending = r && COMMANDED.includes(key) && r.commands.length < r.count;
    toastSuccess(
      pending
        ? r.count === 1
          ? t('device.savedLater')
          : t('device.batchDone', { count: r.count, sent: r.commands.length })
        : undefined,
    );
    onDone();
    if (r?.commands.length) track(label(key), r.commands);
  };

  const batchCalls: Partial<Record<DeviceActionKey, (ids: number[]) => Promise<Batch | unknown>>> = {
    enable: (ids) => setDeviceStatus(ids, 2),
    disable: (ids) => setDeviceStatus(ids, 1),
    pause: pauseDevices,
    resume: resumeDevices,
    mute: (ids) => muteDevices(ids),
    unmute: unmuteDevices,
    delete: deleteDevices,
  };

  const run = (key: DeviceActionKey, targets: Device[]) => {
    if (targets.length === 0) {
      toastError(t('validation.selectOne'));
      return;
    }
    if (key === 'switchGroup') return setGroupTargets(targets);
    if (key === 'assignOwner') return setOwnerTargets(targets);
    if (key === 'qr') return setQrDevice(targets[0]!);
    if (key === 'testPrint') return void testPrint(targets[0]!);
    const one = targets.length === 1 ? targets[0]! : undefined;
    confirmDialog({
      title: t('common.tip'),
      content: one
        ? t(`device.confirm.${key}`, { sn: one.sn })
        : t('device.confirm.batch', { action: label(key), count: targets.length }),
      okButtonProps: { danger: key === 'delete' || key === 'disable', 'data-testid': 'confirm-ok' },
      onOk: async () => {
        try {
          if (key === 'restart' || key === 'uploadLog') {
            const device = one!;
            const sent = key === 'restart' ? await restartDevice(device.id) : await requestLogUpload(device.id);
            onDone();
            track(label(key), [{ deviceId: device.id, sn: device.sn, commandId: sent.commandId }]);
            return;
          }
          const r = await batchCalls[key]!(targets.map((d) => d.id));
          afterBatch(key, r as Batch | undefined);
        } catch {
          // the HTTP client has shown the server's message (e.g. 'device not online')
        }
      },
    });
  };

  const modals = (
    <>
      {testPages.modal}
      <SwitchGroupModal
        targets={groupTargets}
        onClose={() => setGroupTargets(null)}
        onSubmit={async (groupId) =>
          afterBatch(
            'switchGroup',
            await switchGroup(
              groupTargets!.map((d) => d.id),
              groupId,
            ),
          )
        }
      />
      <AssignOwnerModal
        targets={ownerTargets}
        onClose={() => setOwnerTargets(null)}
        onSubmit={async (userId) =>
          afterBatch(
            'assignOwner',
            await assignOwner(
              ownerTargets!.map((d) => d.id),
              userId,
            ),
          )
        }
      />
      <QrModal
        device={qrDevice}
        onClose={() => setQrDevice(null)}
        onSubmit={async (body) => {
          const d = qrDevice!;
          const r = await setQr(d.id, body);
          afterBatch('qr', {
            count: 1,
            commands: r.commandId ? [{ deviceId: d.id, sn: d.sn, commandId: r.commandId }] : [],
          });
        }}
      />
    </>
  );

  return { run, allowed, label, modals };
}
