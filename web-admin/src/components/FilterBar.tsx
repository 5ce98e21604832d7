/**
 * The filter form above a {@link DataTable} (issue 8 item 1), writing its values into the same URL params
 * (`f.<name>`) the table reads, and going back to page 1. Kinds: text (trimmed, spec §5 "the keyword
 * search is trimmed"), select, multi-select (`a,b`), yes/no, a switch (`true` when on, unset when off), a
 * date, a date range (`from~to`, East Africa dates).
 */
import { Button, DatePicker, Form, Input, Select, Space, Switch } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { rangeOf, useTableParams } from './tableParams.ts';

/** One filter field. */
export interface FilterField {
  readonly name: string;
  /** Already translated. */
  readonly label: string;
  readonly kind: 'text' | 'select' | 'multiSelect' | 'boolean' | 'switch' | 'date' | 'dateRange';
  readonly options?: readonly { readonly value: string; readonly label: string }[];
  readonly placeholder?: string;
  /** Pixels; a select with long labels (a league with its country) wants more than the default. */
  readonly width?: number;
}

const DAY = 'YYYY-MM-DD';

type FormValue = string | string[] | boolean | Dayjs | [Dayjs | null, Dayjs | null] | null | undefined;

const toForm = (field: FilterField, value: string | undefined): FormValue => {
  if (field.kind === 'switch') return value === 'true';
  if (value === undefined) return field.kind === 'multiSelect' ? [] : undefined;
  if (field.kind === 'multiSelect') return value.split(',');
  if (field.kind === 'date') return dayjs(value, DAY);
  if (field.kind === 'dateRange') {
    const { from, to } = rangeOf(value);
    return [from ? dayjs(from, DAY) : null, to ? dayjs(to, DAY) : null];
  }
  return value;
};

const fromForm = (field: FilterField, value: FormValue): string => {
  if (value === undefined || value === null || value === '' || value === false) return '';
  if (field.kind === 'switch') return value === true ? 'true' : '';
  if (field.kind === 'multiSelect') return Array.isArray(value) ? value.join(',') : '';
  if (field.kind === 'date') return dayjs.isDayjs(value) ? value.format(DAY) : '';
  if (field.kind === 'dateRange' && Array.isArray(value)) {
    const [from, to] = value.map((day) => (dayjs.isDayjs(day) ? day.format(DAY) : ''));
    return from || to ? `${from ?? ''}~${to ?? ''}` : '';
  }
  return String(value).trim();
};

/** A row of filters bound to the URL params of `urlPrefix`. */
export function FilterBar({
  fields,
  urlPrefix = '',
  extra,
}: {
  readonly fields: readonly FilterField[];
  readonly urlPrefix?: string;
  readonly extra?: React.ReactNode;
}) {
  const { t } = useTranslation();
  const [params, update] = useTableParams(urlPrefix);
  const [form] = Form.useForm();

  // The form follows the URL when the URL changes (a link, back/forward, reset) — not on every render:
  // callers build `fields` anew each render (options arriving from a query), and re-filling then would
  // wipe what the user is typing before they submit it.
  const fieldsNow = useRef(fields);
  fieldsNow.current = fields;
  const urlValues = JSON.stringify(fields.map((field) => params.filters[field.name] ?? null));
  useEffect(() => {
    const values = JSON.parse(urlValues) as (string | null)[];
    form.setFieldsValue(
      Object.fromEntries(
        fieldsNow.current.map((field, i) => [field.name, toForm(field, values[i] ?? undefined)]),
      ),
    );
  }, [form, urlValues]);

  const apply = (values: Record<string, FormValue>) => {
    const filters: Record<string, string> = { ...params.filters };
    for (const field of fields) {
      const text = fromForm(field, values[field.name]);
      if (text) filters[field.name] = text;
      else delete filters[field.name];
    }
    update({ page: 1, filters });
  };

  const reset = () => {
    const filters = { ...params.filters };
    for (const field of fields) delete filters[field.name];
    form.resetFields();
    update({ page: 1, filters });
  };

  return (
    <Form
      form={form}
      // field ids `filters_<name>`: apart from an action form's own fields of the same name on the screen
      name={`${urlPrefix.replace(/\W/g, '')}filters`}
      layout="inline"
      onFinish={apply}
      style={{ rowGap: 8 }}
      role="search"
    >
      {fields.map((field) => (
        <Form.Item
          key={field.name}
          name={field.name}
          label={field.label}
          valuePropName={field.kind === 'switch' ? 'checked' : 'value'}
        >
          {field.kind === 'text' ? (
            <Input allowClear placeholder={field.placeholder} style={{ width: 180 }} />
          ) : field.kind === 'select' ? (
            <Select
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              style={{ width: field.width ?? 160 }}
              options={field.options?.map((o) => ({ ...o }))}
            />
          ) : field.kind === 'multiSelect' ? (
            <Select
              mode="multiple"
              allowClear
              maxTagCount="responsive"
              style={{ width: 240 }}
              options={field.options?.map((o) => ({ ...o }))}
            />
          ) : field.kind === 'switch' ? (
            <Switch />
          ) : field.kind === 'boolean' ? (
            <Select
              allowClear
              style={{ width: 110 }}
              options={[
                { value: 'true', label: t('common.yes') },
                { value: 'false', label: t('common.no') },
              ]}
            />
          ) : field.kind === 'date' ? (
            <DatePicker />
          ) : (
            <DatePicker.RangePicker allowEmpty={[true, true]} />
          )}
        </Form.Item>
      ))}
      <Form.Item>
        <Space>
          <Button type="primary" htmlType="submit">
            {t('common.search')}
          </Button>
          <Button onClick={reset}>{t('common.reset')}</Button>
          {extra}
        </Space>
      </Form.Item>
    </Form>
  );
}
