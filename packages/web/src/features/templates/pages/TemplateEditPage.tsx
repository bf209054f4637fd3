import { Card } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DetailFallback } from '../../../components/DetailFallback';
import { toastSuccess } from '../../../lib/feedback';
import { useIdParam } from '../../../lib/use-id-param';
import { templateQuery } from '../api/get-template';
import { updateTemplate } from '../api/update-template';
import { TEMPLATE_LIST, templateDetail } from '../components/paths';
import { TemplateForm } from '../components/TemplateForm';

export function TemplateEditPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const id = useIdParam();
  const query = useQuery({ ...templateQuery(id), staleTime: 0 });
  const template = query.data;
  if (!template) return <DetailFallback query={query} back={TEMPLATE_LIST} />;
  return (
    <Card title={t('template.actions.edit')}>
      <TemplateForm
        key={template.id}
        template={template}
        onCancel={() => navigate(templateDetail(id))}
        onSave={async (body) => {
          await updateTemplate(id, body);
          toastSuccess();
          await queryClient.invalidateQueries({ queryKey: ['templates'] });
          await queryClient.invalidateQueries({ queryKey: ['common', 'templateListQuery'] });
          navigate(templateDetail(id));
        }}
      />
    </Card>
  );
}
