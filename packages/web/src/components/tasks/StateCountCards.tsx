import { Card, Col, Row, Statistic, type ColProps } from 'antd';
import { useTranslation } from 'react-i18next';

const COLOR: Record<string, string | undefined> = {
  success: '#52c41a',
  error: '#ff4d4f',
  processing: '#1677ff',
  warning: '#faad14',
};

/**
 * One statistic for all of a task's devices and one per state; a click filters the device table
 * by it (all: none). Texts `<i18n>.total` and `<i18n>.state.<s>`; test ids `<testId>-total` and
 * `<testId>-<state>`. With `tagColors`, a state's count takes its tag's colour while not zero.
 */
export function StateCountCards<S extends string>(props: {
  states: readonly S[];
  counts: Record<S, number>;
  total: number;
  i18n: string;
  testId: string;
  onPick: (state?: S) => void;
  /** the width of a card at each breakpoint */
  col: ColProps;
  tagColors?: Record<S, string>;
}) {
  const { t } = useTranslation();
  const { counts, tagColors } = props;
  return (
    <Row gutter={[12, 12]}>
      <Col {...props.col}>
        <Card size="small" hoverable onClick={() => props.onPick(undefined)} data-testid={`${props.testId}-total`}>
          <Statistic title={t(`${props.i18n}.total`)} value={props.total} />
        </Card>
      </Col>
      {props.states.map((s) => (
        <Col key={s} {...props.col}>
          <Card size="small" hoverable onClick={() => props.onPick(s)} data-testid={`${props.testId}-${s}`}>
            <Statistic
              title={t(`${props.i18n}.state.${s}`)}
              value={counts[s]}
              valueStyle={{ color: tagColors && counts[s] ? COLOR[tagColors[s]] : undefined }}
            />
          </Card>
        </Col>
      ))}
    </Row>
  );
}
