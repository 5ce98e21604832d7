/**
 * A form field holding an uploaded file's address (`/uploads/…`): typed in, or picked and sent to
 * `uploadFile` as a data URL (docs/content.md "Uploads": at most 700 KB; images PNG, JPEG, GIF, WebP,
 * SVG; documents plain text and PDF). Pictures are previewed, documents linked.
 */
import { UploadOutlined } from '@ant-design/icons';
import { App, Button, Form, Image, Input, Space, Typography, Upload } from 'antd';
import { useTranslation } from 'react-i18next';
import { useMutation } from 'urql';
import { useErrorText } from '../components/forms.ts';
import { ContentUploadDocument } from '../graphql/generated.ts';
import { MAX_UPLOAD_BYTES, readAsDataUrl } from './upload.ts';

const ACCEPT = {
  image: 'image/png,image/jpeg,image/gif,image/webp,image/svg+xml',
  document: 'text/plain,application/pdf,.txt,.pdf',
} as const;

/** The upload field named `name` of the enclosing antd form. */
export function UploadField({
  name,
  label,
  kind,
}: {
  readonly name: string;
  readonly label: string;
  readonly kind: keyof typeof ACCEPT;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const errorText = useErrorText();
  const [, upload] = useMutation(ContentUploadDocument);
  const form = Form.useFormInstance();
  const url = Form.useWatch(name, form) as string | undefined;
  return (
    <Form.Item label={label}>
      <Space orientation="vertical">
        <Form.Item name={name} noStyle>
          <Input placeholder="/uploads/…" />
        </Form.Item>
        <Upload
          accept={ACCEPT[kind]}
          showUploadList={false}
          beforeUpload={async (file) => {
            if (file.size > MAX_UPLOAD_BYTES) {
              void message.error(t('contentAdmin.tooLarge'));
              return Upload.LIST_IGNORE;
            }
            const answer = await upload({ name: file.name, dataUrl: await readAsDataUrl(file) });
            if (answer.error) void message.error(errorText(answer.error));
            else if (answer.data) form.setFieldValue(name, answer.data.uploadFile.url);
            return Upload.LIST_IGNORE;
          }}
        >
          <Button icon={<UploadOutlined />}>
            {kind === 'image' ? t('contentAdmin.upload') : t('contentAdmin.uploadFile')}
          </Button>
        </Upload>
        {url &&
          (kind === 'image' ? (
            <Image src={url} width={160} />
          ) : (
            <Typography.Link href={url} target="_blank" rel="noreferrer">
              {url}
            </Typography.Link>
          ))}
      </Space>
    </Form.Item>
  );
}
