import { Card } from 'antd';
import { ProForm, ProFormDigit, ProFormRadio, ProFormSelect, ProFormSwitch } from '@ant-design/pro-components';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DEFAULT_PRINT_PARAMS, isPrinterType } from '@herald/contract';
import { DetailFallback } from '../../../components/DetailFallback';
import { toastSuccess } from '../../../lib/feedback';
import { requiredSelect } from '../../../lib/form-rules';
import { useIdParam } from '../../../lib/use-id-param';
import { deviceQuery } from '../api/get-device';
import type { PrintParams } from '../api/types';
import { updatePrintParams } from '../api/update-print-params';
import { CommandTrackerProvider, useTrackCommands } from '../components/CommandTracker';
import { printOptions } from '../../../lib/print-options';
import { pageSubmitter } from '../../../lib/page-submitter';

export function DeviceEditPrintPage() {
  return (
    <CommandTrackerProvider>
      <EditPrintForm />
    </CommandTrackerProvider>
  );
}

/** Print information: stored, and sent to the device when it is online. */
function EditPrintForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = useIdParam();
  const queryClient = useQueryClient();
  const track = useTrackCommands();
  const query = useQuery({ ...deviceQuery(id), staleTime: 0 });
  const d = query.data;
  const opts = printOptions(t);
  if (!d) return <DetailFallback query={query} back="/device/list" />;
  const printer = isPrinterType(d.modelType);

  return (
    <Card title={`${t('route.editPrint')} · ${d.sn}`}>
      <ProForm<PrintParams>
        data-testid="device-print-form"
        layout="horizontal"
        labelCol={{ span: 5 }}
        wrapperCol={{ span: 12 }}
        initialValues={{ ...DEFAULT_PRINT_PARAMS, ...d.printParams }}
        submitter={pageSubmitter('save', 'device-print-submit', () => navigate('/device/list'))}
        onFinish={async (v) => {
          let r;
          try {
            // the fields a speaker does not show keep their stored values
            r = await updatePrintParams(d.id, { ...DEFAULT_PRINT_PARAMS, ...d.printParams, ...v });
          } catch {
            return false;
          }
          toastSuccess(t(d.online ? 'device.print.savedSent' : 'device.print.savedLater'));
          await queryClient.invalidateQueries({ queryKey: ['devices', d.id] });
          if (r?.commandId) track(t('route.editPrint'), [{ deviceId: d.id, sn: d.sn, commandId: r.commandId }]);
          else navigate('/device/list');
          return true;
        }}
      >
        <ProFormSelect
          name="language"
          label={t('device.print.language')}
          options={opts.language}
          rules={[requiredSelect()]}
        />
        {printer && (
          <>
            <ProFormRadio.Group
              name="speed"
              label={t('device.print.speed')}
              options={opts.speed}
              rules={[requiredSelect()]}
            />
            <ProFormRadio.Group name="density" label={t('device.print.density')} options={opts.density} />
          </>
        )}
        <ProFormRadio.Group name="voiceType" label={t('device.print.voiceType')} options={opts.voiceType} />
        <ProFormRadio.Group
          name="volume"
          label={t('device.print.volume')}
          options={opts.volume}
          radioType="button"
          fieldProps={{ 'data-testid': 'device-print-volume' } as object}
        />
        <ProFormRadio.Group
          name="communicationType"
          label={t('device.print.communicationType')}
          options={opts.communicationType}
        />
        {printer && (
          <>
            <ProFormSwitch name="logo" label={t('device.print.logo')} />
            <ProFormSwitch name="autoCut" label={t('device.print.autoCut')} />
            <ProFormRadio.Group
              name="paperWidth"
              label={t('device.print.paperWidth')}
              options={opts.paperWidth}
              fieldProps={{ 'data-testid': 'device-print-paper-width' } as object}
            />
          </>
        )}
        <ProFormDigit
          name="rateLimitSeconds"
          label={t('device.print.rateLimitSeconds')}
          min={0}
          max={3600}
          fieldProps={{ precision: 0 }}
          extra={t('device.print.rateLimitHint')}
        />
        <ProFormDigit
          name="rateLimitCount"
          label={t('device.print.rateLimitCount')}
          min={0}
          max={1000}
          fieldProps={{ precision: 0 }}
        />
      </ProForm>
    </Card>
  );
}
