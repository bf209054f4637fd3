import { useRef } from 'react';
import { Space, Tag } from 'antd';
import { type ActionType, type ProColumns } from '@ant-design/pro-components';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { AskFirstDeleteLink } from '../../../components/AskFirstDeleteLink';
import { useCan } from '../../../lib/can';
import { formatDateTime } from '../../../lib/format';
import { useReloadOnReturn } from '../../../lib/use-reload-on-return';
import { deleteTemplate } from '../api/delete-template';
import { getTemplate } from '../api/get-template';
import { listTemplates } from '../api/list-templates';
import { printerModelsQuery } from '../api/model-options';
import type { TemplateListItem } from '../api/types';
import { P, templateAdd, templateDetail, templateEdit } from '../components/paths';
import { ListTable } from '../../../components/ListTable';

/** The account's print templates: name and model filters, newest change first. */
export function TemplateListPage() {
  const { t } = useTranslation();
  const can = useCan();
  const navigate = useNavigate();
  const action = useRef<ActionType>(undefined);
  useReloadOnReturn(action);
  const models = useQuery(printerModelsQuery());
  const reload = () => void action.current?.reload();

  const columns: ProColumns<TemplateListItem>[] = [
    { title: t('template.fields.id'), dataIndex: 'id', search: false, sorter: true, width: 70 },
    {
      title: t('template.fields.name'),
      dataIndex: 'name',
      render: (_, r) =>
        can(`${P}.query`) ? (
          <Link to={templateDetail(r.id)} data-testid={`template-row-${r.name}`}>
            {r.name}
          </Link>
        ) : (
          r.name
        ),
    },
    { title: t('template.fields.purpose'), dataIndex: 'purpose', search: false, ellipsis: true },
    {
      title: t('template.fields.model'),
      dataIndex: 'modelId',
      valueType: 'select',
      fieldProps: { options: (models.data ?? []).map((m) => ({ value: m.id, label: m.name })), showSearch: true },
      render: (_, r) => r.modelName ?? '-',
    },
    {
      title: t('template.fields.command'),
      dataIndex: 'command',
      search: false,
      render: (_, r) => <Tag>{t(`template.command.${r.command}`)}</Tag>,
    },
    { title: t('template.fields.paramCount'), dataIndex: 'paramCount', search: false, width: 90 },
    { title: t('template.fields.businessCount'), dataIndex: 'businessCount', search: false, width: 110 },
    {
      title: t('template.fields.updatedAt'),
      dataIndex: 'updatedAt',
      search: false,
      sorter: true,
      defaultSortOrder: 'descend',
      render: (_, r) => formatDateTime(r.updatedAt),
    },
    {
      title: t('common.operation'),
      valueType: 'option',
      render: (_, r) => (
        <Space>
          {can(`${P}.query`) && <Link to={templateDetail(r.id)}>{t('common.detail')}</Link>}
          {can(`${P}.edit`) && (
            <Link to={templateEdit(r.id)} data-testid={`template-edit-${r.id}`}>
              {t('common.edit')}
            </Link>
          )}
          {can(`${P}.delete`) && (
            <AskFirstDeleteLink
              testId={`template-delete-${r.id}`}
              ask={async () => {
                const now = await getTemplate(r.id);
                return now.businessCount > 0
                  ? { refusal: t('template.inUseRefusal', { name: now.name, count: now.businessCount }) }
                  : { title: t('template.confirm.delete', { name: now.name }) };
              }}
              onDelete={() => deleteTemplate(r.id)}
              onDeleted={() => reload()}
            />
          )}
        </Space>
      ),
    },
  ];

  return (
    <ListTable<TemplateListItem>
      testId="template"
      title={t('menu.template')}
      columns={columns}
      list={listTemplates}
      actionRef={action}
      onAdd={can(`${P}.add`) ? () => navigate(templateAdd()) : undefined}
    />
  );
}
