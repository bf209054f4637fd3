import type { ReactNode } from 'react';
import { Badge, Card, Empty, Flex, Typography } from 'antd';
import { Cell, Pie, PieChart, ResponsiveContainer, Tooltip } from 'recharts';
import { useReducedMotion } from '../../../lib/reduced-motion';
import type { Slice } from './figures';

type Props = {
  id: string;
  title: string;
  slices: Slice[];
  loading: boolean;
  /** small figures under the legend */
  footer?: ReactNode;
};

/** A donut with a legend that names every slice with its count (the slices' test ids: `<id>-<key>`). */
export function DonutCard({ id, title, slices, loading, footer }: Props) {
  const animate = !useReducedMotion();
  const total = slices.reduce((n, s) => n + s.value, 0);
  return (
    <Card title={title} loading={loading} style={{ height: '100%' }} data-testid={id}>
      {total > 0 ? (
        <ResponsiveContainer width="100%" height={200}>
          <PieChart>
            <Pie
              data={slices.filter((s) => s.value > 0)}
              dataKey="value"
              nameKey="name"
              innerRadius="55%"
              outerRadius="85%"
              paddingAngle={1}
              isAnimationActive={animate}
            >
              {slices
                .filter((s) => s.value > 0)
                .map((s) => (
                  <Cell key={s.key} fill={s.color} />
                ))}
            </Pie>
            <Tooltip />
          </PieChart>
        </ResponsiveContainer>
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />
      )}
      <Flex vertical gap={4}>
        {slices.map((s) => (
          <Flex key={s.key} justify="space-between" data-testid={`${id}-${s.key}`} data-value={s.value}>
            <Badge color={s.color} text={s.name} />
            <Typography.Text strong>{s.value}</Typography.Text>
          </Flex>
        ))}
      </Flex>
      {footer}
    </Card>
  );
}
