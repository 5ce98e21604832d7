/** The content routes with the pages imported up front, for tests and stories (see account/eager-routes.tsx). */
import type { RouteObject } from 'react-router';
import { guarded } from '../account/lazy.tsx';
import {
  DocumentsPage,
  HelpPage,
  MessagesPage,
  PrivacyPolicyPage,
  PromotionsPage,
  RichTextPage,
  SmsPage,
} from './pages.tsx';

export const CONTENT_ROUTES_EAGER: RouteObject[] = [
  { path: 'message', handle: { titleKey: 'titles.message' }, element: guarded('player', MessagesPage) },
  { path: 'rich_text', handle: { titleKey: 'titles.rich_text' }, element: guarded('any', RichTextPage) },
  { path: 'artcol', handle: { titleKey: 'titles.artcol' }, element: guarded('any', DocumentsPage) },
  { path: 'help', handle: { titleKey: 'titles.help' }, element: guarded('any', HelpPage) },
  { path: 'SMS', handle: { titleKey: 'content.sms.title' }, element: guarded('any', SmsPage) },
  { path: 'promotion', handle: { titleKey: 'titles.promotion' }, element: guarded('any', PromotionsPage) },
  {
    path: 'privacy_policy',
    handle: { titleKey: 'titles.privacy_policy' },
    element: guarded('any', PrivacyPolicyPage),
  },
];
