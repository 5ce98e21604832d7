/**
 * Content: internal messages, notice bar, banners and pictures, contact list, graphic text, documents,
 * rich-text pages and the message board (issue 8 "content"; docs/content.md).
 */
import { lazyScreen, type AdminRoute } from '../app/registry.tsx';

const ArticlesPage = lazyScreen(() => import('./ArticlesPage.tsx'), 'ArticlesPage');
const BoardPage = lazyScreen(() => import('./BoardPage.tsx'), 'BoardPage');
const DocumentsPage = lazyScreen(() => import('./DocumentsPage.tsx'), 'DocumentsPage');
const MessagesPage = lazyScreen(() => import('./MessagesPage.tsx'), 'MessagesPage');
const RichTextPage = lazyScreen(() => import('./RichTextPage.tsx'), 'RichTextPage');
const RotationsPage = lazyScreen(() => import('./RotationsPage.tsx'), 'RotationsPage');

export const contentRoutes: readonly AdminRoute[] = [
  {
    path: 'messages',
    titleKey: 'contentAdmin.messagesTitle',
    permission: 'content.view',
    menu: 'content',
    element: <MessagesPage />,
  },
  {
    path: 'rotations',
    titleKey: 'contentAdmin.rotationsTitle',
    permission: 'content.view',
    menu: 'content',
    element: <RotationsPage />,
  },
  {
    path: 'articles',
    titleKey: 'contentAdmin.articlesTitle',
    permission: 'content.view',
    menu: 'content',
    element: <ArticlesPage />,
  },
  {
    path: 'documents',
    titleKey: 'contentAdmin.documentsTitle',
    permission: 'content.view',
    menu: 'content',
    element: <DocumentsPage />,
  },
  {
    path: 'pages',
    titleKey: 'contentAdmin.pagesTitle',
    permission: 'content.view',
    menu: 'content',
    element: <RichTextPage />,
  },
  {
    path: 'board',
    titleKey: 'contentAdmin.boardTitle',
    permission: 'messages.send',
    menu: 'content',
    element: <BoardPage />,
  },
];
