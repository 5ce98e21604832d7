/** Content: internal messages, notice bar, banners and pictures, contact list (issue 8 "content"). */
import type { AdminRoute } from '../app/registry.tsx';
import { MessagesPage } from './MessagesPage.tsx';
import { RotationsPage } from './RotationsPage.tsx';

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
];
