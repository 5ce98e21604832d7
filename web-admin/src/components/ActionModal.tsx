/**
 * A button that opens a form in a modal for one staff action (spec §6 admin actions): the action's own
 * fields, a required reason (kept in the audit log) unless `noReason`, and the server's refusal shown
 * translated under the form. Hidden when the staff member lacks `permission`.
 */
import { Alert, Button, Form, Input, Modal, type ButtonProps } from 'antd';
import type { CombinedError } from '@urql/core';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../app/staff.tsx';
import { schemas, useErrorText, zodRule } from './forms.ts';
import { App } from 'antd';

/** What an {@link ActionModal} needs. */
export interface ActionModalProps<Values> {
  /** Button text and modal title (already translated). */
  readonly label: string;
  readonly title?: string;
  readonly permission?: string;
  /** The action's fields (antd `Form.Item`s). */
  readonly children?: ReactNode;
  readonly initialValues?: Partial<Values>;
  /** Runs the action; answers the error, if any. */
  readonly onSubmit: (values: Values & { reason: string }) => Promise<CombinedError | undefined | null>;
  readonly noReason?: boolean;
  readonly button?: ButtonProps;
  /** Shown on success instead of "Saved". */
  readonly successText?: string;
  readonly testId?: string;
}

/** A permission-gated action button with its modal form. */
export function ActionModal<Values extends object>({
  label,
  title,
  permission,
  children,
  initialValues,
  onSubmit,
  noReason = false,
  button,
  successText,
  testId,
}: ActionModalProps<Values>) {
  const { t } = useTranslation();
  const can = useCan();
  const { message } = App.useApp();
  const errorText = useErrorText();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [form] = Form.useForm();
  if (!can(permission)) return null;

  const submit = async (values: Values & { reason: string }) => {
    setBusy(true);
    setError(null);
    const failure = await onSubmit({ ...values, reason: values.reason?.trim() ?? '' });
    setBusy(false);
    if (failure) return setError(errorText(failure));
    void message.success(successText ?? t('common.saved'));
    setOpen(false);
  };

  return (
    <>
      <Button
        size="small"
        {...button}
        onClick={() => {
          setError(null);
          setOpen(true);
        }}
        data-testid={testId}
      >
        {label}
      </Button>
      <Modal
        rootClassName="action-modal"
        open={open}
        title={title ?? label}
        okText={t('common.confirm')}
        cancelText={t('common.cancel')}
        confirmLoading={busy}
        onOk={() => form.submit()}
        onCancel={() => setOpen(false)}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" initialValues={initialValues} onFinish={submit} preserve={false}>
          {children}
          {!noReason && (
            <Form.Item name="reason" label={t('common.reason')} rules={[zodRule(schemas.reason, t)]}>
              <Input.TextArea rows={2} placeholder={t('common.reasonPlaceholder')} />
            </Form.Item>
          )}
        </Form>
        {error && <Alert type="error" showIcon title={error} role="alert" />}
      </Modal>
    </>
  );
}
