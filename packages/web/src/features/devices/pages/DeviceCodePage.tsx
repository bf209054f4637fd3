import { useCallback, useEffect, useRef, useState } from 'react';
import { Alert, Button, Modal, QRCode, Space, Tag, Tooltip, Typography } from 'antd';
import { useCan } from '../../../lib/can';
import { DownloadOutlined, PrinterOutlined } from '@ant-design/icons';
import { ProTable, type ActionType, type ProColumns } from '@ant-design/pro-components';
import { useTranslation } from 'react-i18next';
import { toastError } from '../../../lib/feedback';
import {
  FIT_SCROLL,
  fitColumns,
  PAGINATION,
  toPageQuery,
  toTableResult,
  type SortState,
  type TableParams,
} from '../../../lib/pro-table';
import { useSession } from '../../../lib/session-context';
import { useReloadOnReturn } from '../../../lib/use-reload-on-return';
import { listDevices } from '../api/list-devices';
import type { Device } from '../api/types';
import { CommandTrackerProvider } from '../components/CommandTracker';
import { useModelGroupColumns } from '../../../components/model-group-columns';
import { BrandedQr, brandCaption } from '../components/BrandedQr';
import { QrBrandCard } from '../components/QrBrandCard';
import { qrPng } from '../components/qr-png';
import { useDeviceActions } from '../components/use-device-actions';

/** The QR code page's own edit button also turns QR codes on and off (the server accepts either). */
const QR_EDIT = 'herald.device.qrcode.edit';
/** Pixel size of a downloaded QR code image. */
const PNG_SIZE = 512;
/** Only the label sheet is printed; the console around it is hidden on paper. */
const PRINT_CSS = `
@media print {
  body * { visibility: hidden !important; }
  .herald-qr-sheet, .herald-qr-sheet * { visibility: visible !important; }
  .herald-qr-sheet { position: absolute; left: 0; top: 0; width: 100%; }
  .herald-qr-sheet .herald-qr-label { break-inside: avoid; page-break-inside: avoid; }
}`;

export function DeviceCodePage() {
  return (
    <CommandTrackerProvider>
      <DeviceCodeTable />
    </CommandTrackerProvider>
  );
}

const qrContent = (d: Device) => d.qrUrl ?? d.sn;

/** Each device's QR code: shown small, downloadable as PNG, printable as labels. */
function DeviceCodeTable() {
  const { t } = useTranslation();
  const { side } = useSession();
  const action = useRef<ActionType>(undefined);
  const [selected, setSelected] = useState<Device[]>([]);
  const [printing, setPrinting] = useState(false);
  const [png, setPng] = useState<Device | null>(null);
  const pngDone = useCallback(() => setPng(null), []);
  const modelGroupColumns = useModelGroupColumns<Device>(side);
  useReloadOnReturn(action);
  const reload = () => {
    action.current?.clearSelected?.();
    setSelected([]);
    void action.current?.reload();
  };
  const actions = useDeviceActions(reload, { qr: [QR_EDIT] });
  const mayEdit = actions.allowed('qr');
  const can = useCan();

  const columns: ProColumns<Device>[] = [
    {
      title: t('deviceCode.qrCode'),
      dataIndex: 'qrUrl',
      search: false,
      width: 112,
      render: (_, d) => <SmallQr device={d} />,
    },
    { title: t('device.fields.sn'), dataIndex: 'sn', sorter: true },
    { title: t('device.fields.name'), dataIndex: 'name', sorter: true, render: (_, d) => d.name || '-' },
    ...modelGroupColumns,
    {
      title: t('deviceCode.qrState'),
      dataIndex: 'qrEnabled',
      search: false,
      render: (_, d) => (
        <Space size={0} wrap data-testid={`device-code-state-${d.sn}`} data-enabled={String(d.qrEnabled)}>
          <Tag color={d.qrEnabled ? 'green' : 'default'}>{t(d.qrEnabled ? 'deviceCode.on' : 'deviceCode.off')}</Tag>
          {d.hasQrPassword && <Tag color="blue">{t('deviceCode.passwordSet')}</Tag>}
        </Space>
      ),
    },
    {
      title: t('common.operation'),
      valueType: 'option',
      fixed: 'right',
      render: (_, d) => (
        <Space>
          <a onClick={() => setPng(d)} data-testid={`device-code-png-${d.sn}`}>
            <DownloadOutlined /> {t('deviceCode.downloadPng')}
          </a>
          {mayEdit && (
            <a onClick={() => actions.run('qr', [d])} data-testid={`device-code-qr-${d.sn}`}>
              {t(d.qrEnabled ? 'deviceCode.settings' : 'deviceCode.turnOn')}
            </a>
          )}
        </Space>
      ),
    },
  ];

  return (
    <div data-testid="device-code-table">
      <QrBrandCard canEdit={can(QR_EDIT)} onSaved={reload} />
      <ProTable<Device>
        rowKey="id"
        actionRef={action}
        columns={fitColumns(columns)}
        headerTitle={t('menu.deviceCode')}
        pagination={PAGINATION}
        scroll={FIT_SCROLL}
        search={{ labelWidth: 'auto' }}
        rowSelection={{
          onChange: (_, rows) => setSelected(rows),
          getCheckboxProps: (d) => ({ 'data-testid': `device-code-select-${d.sn}` }) as object,
        }}
        tableAlertRender={({ selectedRowKeys }) => t('device.selected', { count: selectedRowKeys.length })}
        request={async (params, sort) =>
          toTableResult(await listDevices(toPageQuery(params as TableParams, sort as SortState)))
        }
        toolBarRender={() => [
          <Tooltip key="print" title={selected.length ? undefined : t('deviceCode.selectHint')}>
            <Button
              type="primary"
              icon={<PrinterOutlined />}
              disabled={!selected.length}
              onClick={() => setPrinting(true)}
              data-testid="device-code-print"
            >
              {t('deviceCode.printLabels')}
            </Button>
          </Tooltip>,
        ]}
      />
      <LabelSheet devices={printing ? selected : null} onClose={() => setPrinting(false)} />
      {png && <PngMaker device={png} onDone={pngDone} />}
      {actions.modals}
    </div>
  );
}

/** The row's QR code; greyed with a hint when the device's QR code is off. */
function SmallQr({ device: d }: { device: Device }) {
  const { t } = useTranslation();
  const code = (
    <div data-testid={`device-code-image-${d.sn}`} data-enabled={String(d.qrEnabled)}>
      <BrandedQr
        brand={d.brand}
        value={qrContent(d)}
        size={88}
        status={d.qrEnabled ? 'active' : 'expired'}
        statusRender={() => <Typography.Text type="secondary">{t('deviceCode.offOverlay')}</Typography.Text>}
        style={d.qrEnabled ? undefined : { filter: 'grayscale(1)', opacity: 0.6 }}
      />
    </div>
  );
  return d.qrEnabled ? code : <Tooltip title={t('deviceCode.offHint')}>{code}</Tooltip>;
}

/** Draws the device's QR code large, off screen, and downloads it as `<sn>.png` (with its brand, if any). */
function PngMaker({ device, onDone }: { device: Device; onDone: () => void }) {
  const { t } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // the QR canvas draws in its own (child) effect, which has run by now
    const canvas = box.current?.querySelector('canvas');
    const made = canvas ? qrPng(canvas, device.sn, device.brand) : Promise.reject(new Error('no canvas'));
    made
      .then((url) => {
        const a = document.createElement('a');
        a.href = url;
        a.download = `${device.sn}.png`;
        a.click();
      })
      .catch(() => toastError(t('deviceCode.downloadFailed')))
      .finally(onDone);
  }, [device, onDone, t]);
  return (
    <div ref={box} style={{ position: 'fixed', left: -10000, top: 0 }} aria-hidden>
      {/* the plain code at level H when a logo will cover its middle */}
      <QRCode
        value={qrContent(device)}
        size={PNG_SIZE}
        type="canvas"
        bgColor="#fff"
        bordered={false}
        errorLevel={device.brand?.logoUrl ? 'H' : 'M'}
      />
    </div>
  );
}

/** The print sheet: one label per selected device whose QR code is on, its S/N (and name) under it. */
function LabelSheet({ devices, onClose }: { devices: Device[] | null; onClose: () => void }) {
  const { t } = useTranslation();
  const on = (devices ?? []).filter((d) => d.qrEnabled);
  const off = (devices ?? []).filter((d) => !d.qrEnabled);
  return (
    <Modal
      open={!!devices}
      title={t('deviceCode.printTitle', { count: on.length })}
      width={760}
      onCancel={onClose}
      destroyOnHidden
      footer={[
        <Button key="cancel" onClick={onClose} data-testid="device-code-sheet-cancel">
          {t('common.cancel')}
        </Button>,
        <Button
          key="print"
          type="primary"
          icon={<PrinterOutlined />}
          disabled={!on.length}
          onClick={() => window.print()}
          data-testid="device-code-sheet-print"
        >
          {t('deviceCode.print')}
        </Button>,
      ]}
    >
      <style>{PRINT_CSS}</style>
      {off.length > 0 && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          data-testid="device-code-sheet-left-out"
          message={
            on.length
              ? t('deviceCode.leftOut', { count: off.length, sns: off.map((d) => d.sn).join(', ') })
              : t('deviceCode.nothingToPrint')
          }
        />
      )}
      <div
        className="herald-qr-sheet"
        data-testid="device-code-sheet"
        style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(160px, 1fr))', gap: 16 }}
      >
        {on.map((d) => (
          <div
            key={d.id}
            className="herald-qr-label"
            data-testid={`device-code-label-${d.sn}`}
            style={{ border: '1px dashed #d9d9d9', padding: 8, textAlign: 'center' }}
          >
            <BrandedQr brand={d.brand} value={qrContent(d)} size={144} bgColor="#fff" style={{ margin: '0 auto' }} />
            {brandCaption(d.brand) && (
              <div style={{ fontWeight: 600 }} data-testid={`device-code-brand-${d.sn}`}>
                {brandCaption(d.brand)}
              </div>
            )}
            <div style={{ fontFamily: 'monospace', fontWeight: 600 }}>{d.sn}</div>
            {d.name && <div style={{ fontSize: 12 }}>{d.name}</div>}
          </div>
        ))}
      </div>
    </Modal>
  );
}
