import { Button, Col, ColorPicker, Form, Input, InputNumber, Row, Typography } from 'antd';
import type { Color } from 'antd/es/color-picker';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { ALARM_GRADES_MAX, ALARM_GRADES_MIN, ALARM_LATENCY_MAX_MS } from '@herald/contract';
import { useTranslation } from 'react-i18next';
import { maxLen, required } from '../../../lib/form-rules';
import { gradeCountProblem, gradeMaxProblem, gradeMinProblem, nextGrade, splitPoint, type GradeDraft } from './grades';

type Translate = (key: string) => string;
type Getter = { getFieldValue: (name: unknown) => unknown };
const gradesOf = (form: Getter) => form.getFieldValue('grades') as GradeDraft[] | undefined;
const rejectIf = (t: Translate, key: string | undefined) =>
  key ? Promise.reject(new Error(t(key))) : Promise.resolve();
/** A field's validator from one of the grade rules (which look at all the rows). */
const ruleOf = (t: Translate, problem: (grades: GradeDraft[] | undefined) => string | undefined) => (form: Getter) => ({
  validator: () => rejectIf(t, problem(gradesOf(form))),
});

const SPANS = { name: 6, colour: 5, min: 5, max: 5, remove: 3 };

/**
 * The graded latency ranges: 2 to 5 rows of name, colour and [min, max) in ms, each starting where
 * the previous ends (the contract's rules, checked here with its messages).
 */
export function GradesEditor({ editable }: { editable: boolean }) {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const s = (k: string) => t(`pushAlarm.settings.${k}`);
  const ms = { min: 0, max: ALARM_LATENCY_MAX_MS, precision: 0, suffix: 'ms', style: { width: '100%' } };
  const intRule = { type: 'integer' as const, min: 0, max: ALARM_LATENCY_MAX_MS, message: t('validation.format') };
  return (
    <Form.List
      name="grades"
      rules={[{ validator: (_, grades?: GradeDraft[]) => rejectIf(t, gradeCountProblem(grades)) }]}
    >
      {(fields, { add, remove }, { errors }) => (
        <div data-testid="alarm-grades">
          <Typography.Text strong>{s('grades')}</Typography.Text>
          <Typography.Paragraph type="secondary">{s('gradesHint')}</Typography.Paragraph>
          <Row gutter={8}>
            <Col span={SPANS.name}>{s('gradeName')}</Col>
            <Col span={SPANS.colour}>{s('colour')}</Col>
            <Col span={SPANS.min}>{s('min')}</Col>
            <Col span={SPANS.max}>{s('max')}</Col>
          </Row>
          {fields.map((field, i) => (
            <Row gutter={8} key={field.key} align="top" data-testid={`alarm-grade-${i}`}>
              <Col span={SPANS.name}>
                <Form.Item name={[field.name, 'name']} rules={[required(), maxLen(32)]}>
                  <Input maxLength={32} data-testid={`alarm-grade-${i}-name`} />
                </Form.Item>
              </Col>
              <Col span={SPANS.colour}>
                <Form.Item
                  name={[field.name, 'colour']}
                  rules={[required()]}
                  getValueFromEvent={(c: Color) => c.toHexString()}
                >
                  <ColorPicker disabledAlpha showText data-testid={`alarm-grade-${i}-colour`} />
                </Form.Item>
              </Col>
              <Col span={SPANS.min}>
                <Form.Item
                  name={[field.name, 'min']}
                  dependencies={i > 0 ? [['grades', i - 1, 'max']] : []}
                  rules={[
                    { required: true, message: t('validation.required') },
                    intRule,
                    ruleOf(t, (g) => gradeMinProblem(g, i)),
                  ]}
                >
                  <InputNumber {...ms} data-testid={`alarm-grade-${i}-min`} />
                </Form.Item>
              </Col>
              <Col span={SPANS.max}>
                <Form.Item
                  name={[field.name, 'max']}
                  dependencies={[['grades', i, 'min']]}
                  rules={[
                    { required: true, message: t('validation.required') },
                    { ...intRule, min: 1 },
                    ruleOf(t, (g) => gradeMaxProblem(g, i)),
                  ]}
                >
                  <InputNumber {...ms} min={1} data-testid={`alarm-grade-${i}-max`} />
                </Form.Item>
              </Col>
              {editable && (
                <Col span={SPANS.remove}>
                  <Button
                    type="text"
                    danger
                    icon={<DeleteOutlined />}
                    aria-label={s('removeGrade')}
                    disabled={fields.length <= ALARM_GRADES_MIN}
                    onClick={() => remove(field.name)}
                    data-testid={`alarm-grade-${i}-remove`}
                  />
                </Col>
              )}
            </Row>
          ))}
          <Form.ErrorList errors={errors} />
          {editable && (
            <Button
              icon={<PlusOutlined />}
              disabled={fields.length >= ALARM_GRADES_MAX}
              onClick={() => {
                // the last grade reaching the longest latency gives its upper part to the new one
                const grades = gradesOf(form);
                const split = splitPoint(grades?.at(-1));
                if (split !== undefined) {
                  form.setFieldValue(['grades', grades!.length - 1, 'max'], split);
                  add({ ...nextGrade(grades), min: split });
                } else add(nextGrade(grades));
              }}
              data-testid="alarm-grade-add"
            >
              {s('addGrade')}
            </Button>
          )}
        </div>
      )}
    </Form.List>
  );
}
