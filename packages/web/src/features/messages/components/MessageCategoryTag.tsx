import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { MessageCategory } from '../api/types';

const COLORS: Record<MessageCategory, string> = { system: 'blue', alert: 'orange' };

export function MessageCategoryTag({ category }: { category: MessageCategory }) {
  const { t } = useTranslation();
  return <Tag color={COLORS[category]}>{t(`msg.category.${category}`)}</Tag>;
}
