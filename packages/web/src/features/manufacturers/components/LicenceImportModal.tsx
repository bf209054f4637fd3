import type { ReactElement } from 'react';
import { ModalForm, ProFormDateRangePicker, ProFormDigit, ProFormText } from '@ant-design/pro-components';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { toastSuccess } from '../../../lib/feedback';
import { maxLen, required, requiredSelect } from '../../../lib/form-rules';
import { importLicence } from '../api/licences';
import type { Manufacturer } from '../api/types';
import { modalSubmitter } from '../../../lib/modal-submitter';

type Values = { number: string; validity: [string, string]; maxDevices: number };

/** A licence of the manufacturer: number, validity and how many devices it admits. */
export function LicenceImportModal({
  manufacturer,
  trigger,
  onDone,
}: {
  manufacturer: Manufacturer;
  trigger: ReactElement;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  return (
    <ModalForm<Values>
      title={`${t('manufacturer.actions.importLicence')} · ${manufacturer.name}`}
      width={520}
      trigger={trigger}
      modalProps={{ destroyOnHidden: true }}
      submitter={modalSubmitter('licence-submit')}
      onFinish={async (v) => {
        const [from, to] = v.validity;
        try {
          await importLicence(manufacturer.id, {
            number: v.number.trim(),
            validFrom: dayjs(from).startOf('day').toISOString(),
            validTo: dayjs(to).endOf('day').toISOString(),
            maxDevices: v.maxDevices,
          });
        } catch {
          return false;
        }
        toastSuccess();
        onDone();
        return true;
      }}
    >
      <ProFormText
        name="number"
        label={t('manufacturer.licence.number')}
        rules={[required(), maxLen(64)]}
        fieldProps={{ 'data-testid': 'licence-number' } as object}
      />
      <ProFormDateRangePicker
        name="validity"
        label={t('manufacturer.licence.validity')}
        rules={[requiredSelect()]}
        fieldProps={{ 'data-testid': 'licence-validity' } as object}
      />
      <ProFormDigit
        name="maxDevices"
        label={t('manufacturer.licence.maxDevices')}
        min={1}
        max={10_000_000}
        rules={[requiredSelect()]}
        fieldProps={{ precision: 0, 'data-testid': 'licence-max-devices' } as object}
      />
    </ModalForm>
  );
}
