/**
 * The back office's frame: a side menu built from the route registry and the staff member's permissions
 * (entries they lack are hidden; spec §6), a header with the language switch, the personal centre and
 * log out, and the current screen.
 */
import { LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { Button, Dropdown, Grid, Layout, Menu, Space, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { visibleMenu, type AdminRoute } from '../app/registry.tsx';
import { useServices } from '../app/services.tsx';
import { useCan, useStaff } from '../app/staff.tsx';
import { LanguageSwitch } from './LanguageSwitch.tsx';

/** The sider: as tall as the window, its collapse-bar padding included, not scrolling itself (its body does). */
export const SIDER_STYLE = {
  height: '100vh',
  boxSizing: 'border-box',
  position: 'sticky',
  top: 0,
  overflow: 'hidden',
} as const;
/** The sider's body (above the collapse bar): the menu scrolls here. */
export const SIDER_BODY_STYLE = { overflowY: 'auto', overflowX: 'hidden' } as const;

/**
 * Below antd's `md` breakpoint (768 px: a phone) the side menu starts folded to nothing, opens over the
 * screen from its tab and folds again once an entry is chosen; the header shows the staff icon without
 * the name. Open at 220 px it left a 360 px phone about 60 px for the screen (the Simulations card wrapped
 * its scenario one letter per line).
 */
export const PHONE_BREAKPOINT = 'md';

/** The layout around every screen. */
export function AdminLayout({ routes }: { readonly routes: readonly AdminRoute[] }) {
  const { t } = useTranslation();
  const staff = useStaff();
  const can = useCan();
  const { session } = useServices();
  const navigate = useNavigate();
  const location = useLocation();
  const screens = Grid.useBreakpoint();
  // Unknown before the first measure: treated as wide, as before.
  const phone = screens[PHONE_BREAKPOINT] === false;
  const [collapsed, setCollapsed] = useState(false);
  // Folded on reaching a phone's width, open again on a wide screen.
  useEffect(() => setCollapsed(phone), [phone]);
  // No default 8 px page margin: it pushed the window-tall sider 8 px down, its last entry under the
  // collapse bar fixed at the window's bottom (issue 16 item 9). antd brings no page reset.
  useEffect(() => {
    document.body.style.margin = '0';
  }, []);
  const menu = visibleMenu(routes, can);
  const current = location.pathname.replace(/^\//, '');
  const selected = routes.find(
    (route) => route.menu && (current === route.path || current.startsWith(`${route.path}/`)),
  );

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Sider
        collapsible
        collapsed={collapsed}
        onCollapse={setCollapsed}
        width={220}
        collapsedWidth={phone ? 0 : 80}
        theme="dark"
        // The menu scrolls inside the sider's body, above the collapse bar (fixed at the bottom): every
        // entry can be reached at 1280×720 and above (issue 16 item 9). Scrolling the whole sider put
        // the last entries (Exports) under that bar.
        // On a phone it lies over the screen, and shows its tab (drawn outside its own box) unclipped.
        style={
          phone
            ? { ...SIDER_STYLE, position: 'fixed', left: 0, zIndex: 1000, overflow: 'visible' }
            : SIDER_STYLE
        }
        styles={{ body: SIDER_BODY_STYLE }}
        data-testid="admin-sider"
      >
        <div
          style={{ color: '#fff', fontWeight: 700, fontSize: 18, padding: '16px 24px', whiteSpace: 'nowrap' }}
        >
          {collapsed ? 'B' : 'Bashiri'}
        </div>
        <Menu
          theme="dark"
          mode="inline"
          selectedKeys={selected ? [selected.path] : []}
          defaultOpenKeys={menu.map((entry) => `group:${entry.group.key}`)}
          onClick={({ key }) => {
            if (phone) setCollapsed(true);
            void navigate(`/${key}`);
          }}
          items={menu.map((entry) => ({
            key: `group:${entry.group.key}`,
            icon: entry.group.icon,
            label: t(`shell.menu.${entry.group.key}`),
            children: entry.routes.map((route) => ({ key: route.path, label: t(route.titleKey) })),
          }))}
        />
      </Layout.Sider>
      <Layout>
        <Layout.Header
          style={{
            background: '#fff',
            padding: phone ? '0 8px 0 12px' : '0 24px',
            gap: 8,
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'space-between',
            borderBottom: '3px solid #0b6e4f',
          }}
        >
          {/* On a narrow screen the title is cut (…) rather than wrapped over the page below the header. */}
          <Typography.Title level={4} ellipsis style={{ margin: 0, minWidth: 0 }}>
            {selected ? t(selected.titleKey) : current === 'me' ? t('shell.me.title') : t('app.title')}
          </Typography.Title>
          <Space>
            <LanguageSwitch />
            <Dropdown
              menu={{
                items: [
                  { key: 'me', icon: <UserOutlined />, label: t('shell.header.me') },
                  { key: 'logout', icon: <LogoutOutlined />, label: t('shell.header.logout'), danger: true },
                ],
                onClick: ({ key }) => (key === 'me' ? void navigate('/me') : session.clear()),
              }}
            >
              <Button
                icon={<UserOutlined />}
                data-testid="staff-menu"
                aria-label={staff.name || staff.account}
                title={staff.name || staff.account}
              >
                {phone ? null : staff.name || staff.account}
              </Button>
            </Dropdown>
          </Space>
        </Layout.Header>
        <Layout.Content style={{ margin: phone ? 8 : 16, minWidth: 0 }}>
          {/* A screen wider than the window (a wide table or filter row) scrolls sideways in its own box,
              never widening the page under the header. */}
          <div
            style={{
              background: '#fff',
              padding: phone ? 8 : 16,
              borderRadius: 8,
              minHeight: 360,
              overflowX: 'auto',
            }}
          >
            <Outlet />
          </div>
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
