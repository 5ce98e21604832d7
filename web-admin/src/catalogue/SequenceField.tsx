/** A sequence field of the catalogue's forms: a whole number 0–100 (spec §5 "only numbers 0 to 100"). */
import { Form, InputNumber } from 'antd';
import { useTranslation } from 'react-i18next';
import { zodRule } from '../components/forms.ts';
import { optionalSequenceSchema, sequenceSchema } from './rules.ts';

/**
 * `name` (default `sequence`) labelled by the text key `label` (default `catalogue.sequence`); required
 * unless `optional` (empty = unchanged).
 */
export function SequenceField({
  name = 'sequence',
  label = 'catalogue.sequence',
  optional = false,
}: {
  readonly name?: string;
  readonly label?: string;
  readonly optional?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Form.Item
      name={name}
      label={t(label)}
      rules={[zodRule(optional ? optionalSequenceSchema : sequenceSchema, t)]}
    >
      <InputNumber min={0} max={100} />
    </Form.Item>
  );
}
