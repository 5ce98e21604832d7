import { describe, expect, it } from 'vitest';
import { memoryStorage } from '@bashiri/web-shared';
import { LANGUAGE_STORAGE_KEY } from '@bashiri/web-shared';
import { RESOURCES } from './index.ts';
import { createSiteI18n, loadFeatureTexts } from './site.ts';

describe('createSiteI18n (Swahili bundled, other languages and account/content texts on demand)', () => {
  it('starts in Swahili without the account texts, and adds them with loadFeatureTexts', async () => {
    const i18n = await createSiteI18n(memoryStorage());
    expect(i18n.language).toBe('sw');
    expect(i18n.t('betslip.submit')).toBe('Weka dau');
    expect(i18n.hasResourceBundle('en-US', 'translation')).toBe(false);
    expect(i18n.exists('account.login.submit')).toBe(false);
    await loadFeatureTexts(i18n);
    expect(i18n.exists('account.login.submit')).toBe(true);
    expect(i18n.getResourceBundle('sw', 'translation')).toEqual(RESOURCES.sw);
  });

  it('loads a stored language before it is shown, and every text of a language switched to', async () => {
    const storage = memoryStorage([[LANGUAGE_STORAGE_KEY, 'zh-CN']]);
    const i18n = await createSiteI18n(storage);
    expect(i18n.language).toBe('zh-CN');
    expect(i18n.t('betslip.removeAll')).toBe('全部删除');
    expect(i18n.getResourceBundle('zh-CN', 'translation')).toEqual(RESOURCES['zh-CN']);
    await i18n.changeLanguage('en-US');
    expect(storage.getItem(LANGUAGE_STORAGE_KEY)).toBe('en-US');
    expect(i18n.getResourceBundle('en-US', 'translation')).toEqual(RESOURCES['en-US']);
    expect(i18n.t('no.such.key')).toBe(RESOURCES['en-US'].messages.resourceError);
  });
});
