/**
 * The delete action of the content screens' rows (articles, documents, rich-text pages): shown to staff
 * holding `content.edit`, asks "are you sure?", then runs `onConfirm` (the delete mutation, after which
 * the screen reloads its list).
 */
import { Button, Popconfirm } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCan } from '../app/staff.tsx';

export function DeleteButton({ onConfirm }: { readonly onConfirm: () => Promise<unknown> }) {
  const { t } = useTranslation();
  const can = useCan();
  if (!can('content.edit')) return null;
  return (
    <Popconfirm title={t('common.areYouSure')} onConfirm={onConfirm}>
      <Button size="small" danger>
        {t('common.delete')}
      </Button>
    </Popconfirm>
  );
}
