import { Tag } from 'antd';
import type { AlarmGrade } from '@herald/contract';
import { useTranslation } from 'react-i18next';
import { DEFAULT_GRADE_NAMES, gradeOf } from './grades';

/** A grade's name; the default grades' names in the interface language. */
export function useGradeName() {
  const { t } = useTranslation();
  return (name: string) => (DEFAULT_GRADE_NAMES.includes(name) ? t(`pushAlarm.gradeNames.${name}`) : name);
}

/** A latency in the colour of its grade, with the grade's name. */
export function LatencyTag({
  id,
  latencyMs,
  grades,
}: {
  id: number;
  latencyMs: number;
  grades: readonly AlarmGrade[];
}) {
  const gradeName = useGradeName();
  const grade = gradeOf(latencyMs, grades);
  return (
    <Tag color={grade?.colour} data-testid={`alarm-latency-${id}`} data-grade={grade?.name ?? ''}>
      {latencyMs} ms{grade ? ` · ${gradeName(grade.name)}` : ''}
    </Tag>
  );
}
