import type { ReactNode } from 'react';
import { Form, type FormInstance } from 'antd';
import { ProForm, ProFormText, ProFormTextArea } from '@ant-design/pro-components';
import type { FilePurpose } from '@herald/contract';
import { useTranslation } from 'react-i18next';
import { maxLen, required } from '../../lib/form-rules';
import { pageSubmitter } from '../../lib/page-submitter';
import { showServerFieldErrors } from '../../lib/server-field-errors';
import { PackageUpload } from './PackageUpload';
import { versionRule } from './version-rule';

/** What every package form holds: the uploaded file, a name and a remark. */
type PackageValues = { fileId: number; name: string; remark?: string };

/**
 * The body of the firmware and resource package forms: the upload (its file name prefills an empty
 * name), the fields that differ (`children`) and the remark, with the page's buttons. Test ids are
 * `<testId>-form`, `-submit`, `-file`, `-remark`. `onSave` throws to keep the form: the server's
 * field errors go on the fields, and `explainError` may add what only its kind of package knows.
 */
export function PackageForm<T extends PackageValues>(props: {
  form: FormInstance<T>;
  purpose: FilePurpose;
  /** i18n prefix of the fields, e.g. 'firmware' */
  i18n: string;
  testId: string;
  initialValues: Partial<T>;
  onSave: (values: T) => Promise<unknown>;
  onCancel: () => void;
  explainError?: (err: unknown) => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const { form, i18n, testId } = props;
  return (
    <ProForm<T>
      form={form}
      data-testid={`${testId}-form`}
      layout="horizontal"
      labelCol={{ span: 5 }}
      wrapperCol={{ span: 14 }}
      initialValues={props.initialValues}
      submitter={pageSubmitter('save', `${testId}-submit`, props.onCancel)}
      onFinish={async (v) => {
        try {
          await props.onSave(v);
          return true;
        } catch (err) {
          showServerFieldErrors(form, err);
          props.explainError?.(err);
          return false;
        }
      }}
    >
      <Form.Item
        name="fileId"
        label={t(`${i18n}.fields.file`)}
        rules={[{ required: true, message: t('files.required') }]}
      >
        <PackageUpload
          purpose={props.purpose}
          testId={`${testId}-file`}
          onUploaded={(f) => {
            // a generic T cannot name its fields to antd; every package form has `name`
            const named: FormInstance = form;
            if (f && !named.getFieldValue('name')) named.setFieldValue('name', f.name.replace(/\.[^.]+$/, ''));
          }}
        />
      </Form.Item>
      {props.children}
      <ProFormTextArea
        name="remark"
        label={t(`${i18n}.fields.remark`)}
        rules={[maxLen(500)]}
        fieldProps={{ rows: 3, 'data-testid': `${testId}-remark` } as object}
      />
    </ProForm>
  );
}

/** A required text of up to 64 characters (a package's name or app name). */
export function PackageTextField(props: { name: string; label: string; testId: string }) {
  return (
    <ProFormText
      name={props.name}
      label={props.label}
      rules={[required(), maxLen(64)]}
      fieldProps={{ 'data-testid': props.testId } as object}
    />
  );
}

/** A version (x.xx.xx.xx); an optional one may stay empty. */
export function VersionField(props: {
  name: string;
  label: string;
  tooltip: string;
  testId: string;
  required?: boolean;
  /** an example of the format */
  placeholder?: string;
}) {
  const rules = [maxLen(32), versionRule()];
  return (
    <ProFormText
      name={props.name}
      label={props.label}
      tooltip={props.tooltip}
      placeholder={props.placeholder}
      rules={props.required ? [required(), ...rules] : rules}
      fieldProps={{ 'data-testid': props.testId } as object}
    />
  );
}

/** An optional text as the API takes it: trimmed, and left out when empty. */
export const orUndefined = (v?: string) => v?.trim() || undefined;
