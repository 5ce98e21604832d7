/** The language switch of the header and the login screen (sw, en-US, zh-CN; the choice is stored). */
import { GlobalOutlined } from '@ant-design/icons';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { LANGUAGES } from '../shared.ts';

/** A select of the three languages. */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  return (
    <Select
      aria-label={t('language.choose')}
      value={i18n.language}
      onChange={(language: string) => void i18n.changeLanguage(language)}
      prefix={<GlobalOutlined />}
      style={{ width: 150 }}
      options={LANGUAGES.map((language) => ({ value: language, label: t(`language.${language}`) }))}
    />
  );
}
