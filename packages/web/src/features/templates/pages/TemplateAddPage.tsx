import { Card } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toastSuccess } from '../../../lib/feedback';
import { createTemplate } from '../api/create-template';
import { TEMPLATE_LIST, templateDetail } from '../components/paths';
import { TemplateForm } from '../components/TemplateForm';
import { useSaveAndLeave } from '../../../lib/save-and-leave';

export function TemplateAddPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const leave = useSaveAndLeave();
  const queryClient = useQueryClient();
  return (
    <Card title={t('template.actions.add')}>
      <TemplateForm
        onCancel={() => navigate(TEMPLATE_LIST)}
        onSave={async (body) => {
          const saved = await createTemplate(body);
          toastSuccess();
          await queryClient.invalidateQueries({ queryKey: ['common', 'templateListQuery'] });
          leave(templateDetail(saved.id));
        }}
      />
    </Card>
  );
}
