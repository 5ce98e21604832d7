/**
 * Icons of the layout's extra pieces, drawn here as simple inline SVG (no icon font, no emoji, no
 * third-party script), 24×24, `currentColor`. Social icons are simplified marks of the networks.
 */
const PATHS = {
  facebook: 'M14 8h3V4h-3a4 4 0 0 0-4 4v2H8v4h2v8h4v-8h3l1-4h-4V8.5a.5.5 0 0 1 0-.5z',
  instagram:
    'M7 2h10a5 5 0 0 1 5 5v10a5 5 0 0 1-5 5H7a5 5 0 0 1-5-5V7a5 5 0 0 1 5-5zm0 2a3 3 0 0 0-3 3v10a3 3 0 0 0 3 3h10a3 3 0 0 0 3-3V7a3 3 0 0 0-3-3zm5 3a5 5 0 1 1 0 10 5 5 0 0 1 0-10zm0 2a3 3 0 1 0 0 6 3 3 0 0 0 0-6zm5.5-4a1.2 1.2 0 1 1 0 2.4 1.2 1.2 0 0 1 0-2.4z',
  x: 'M3 3h5.2l4.2 5.8L17.6 3h2.9l-6.8 7.8L21.5 21h-5.2l-4.6-6.2L6.2 21H3.3l7.1-8.1z',
  youtube: 'M2 7a3 3 0 0 1 3-3h14a3 3 0 0 1 3 3v10a3 3 0 0 1-3 3H5a3 3 0 0 1-3-3zm8 1.5v7l6-3.5z',
  whatsapp:
    'M12 2a10 10 0 0 0-8.6 15.1L2 22l5-1.3A10 10 0 1 0 12 2zm0 2a8 8 0 1 1-4.1 14.9l-.3-.2-2.8.8.8-2.7-.2-.3A8 8 0 0 1 12 4zM9 7.5c.3 0 .6 0 .8.5l.9 2c.1.3 0 .5-.1.7l-.6.7c.8 1.5 1.9 2.5 3.4 3.2l.7-.8c.2-.2.4-.3.7-.2l2 .9c.4.2.4.5.4.8-.1 1.2-1.2 2-2.3 2-3.3-.2-6.6-3.5-6.8-6.8 0-1.2.8-2.2 1.3-3z',
  chat: 'M4 3h16a2 2 0 0 1 2 2v11a2 2 0 0 1-2 2H9l-5 4v-4a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2zm3 5v2h10V8zm0 4v2h7v-2z',
  download:
    'M7 1h10a2 2 0 0 1 2 2v18a2 2 0 0 1-2 2H7a2 2 0 0 1-2-2V3a2 2 0 0 1 2-2zm0 3v15h10V4zm4 1.5h2v6h2.5L12 15.5l-3.5-4H11z',
  notice: 'M3 10v4h3l6 4.5v-13L6 10zm12.5-2.5a6 6 0 0 1 0 9l-1.4-1.4a4 4 0 0 0 0-6.2z',
  phone:
    'M6.6 10.8a15 15 0 0 0 6.6 6.6l2.2-2.2a1 1 0 0 1 1-.2 11 11 0 0 0 3.6.6 1 1 0 0 1 1 1V20a1 1 0 0 1-1 1A17 17 0 0 1 3 4a1 1 0 0 1 1-1h3.5a1 1 0 0 1 1 1c0 1.3.2 2.5.6 3.6a1 1 0 0 1-.3 1z',
} as const;

/** A site icon's name; social links name theirs in the rotation item's `note`. */
export type SiteIconName = keyof typeof PATHS;

/** True when `name` is one of the icons drawn here. */
export const isSiteIcon = (name: string): name is SiteIconName => Object.hasOwn(PATHS, name);

/** An inline SVG icon, hidden from screen readers (the control around it carries the label). */
export function SiteIcon({ name, size = 20 }: { readonly name: SiteIconName; readonly size?: number }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="currentColor"
      aria-hidden="true"
      className="icon"
    >
      <path d={PATHS[name]} fillRule="evenodd" />
    </svg>
  );
}
