/**
 * The few icons of the site as inline SVG paths (no icon font, no emoji: cheap phones and Linux
 * browsers lack emoji fonts). 24×24 viewBox, `currentColor`.
 */
const PATHS = {
  menu: 'M3 6h18v2H3zm0 5h18v2H3zm0 5h18v2H3z',
  pause: 'M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20zM9 7h2v10H9zm4 0h2v10h-2z',
  mail: 'M3 5h18v14H3zm2 2v.5l7 4.5 7-4.5V7zm0 2.9V17h14V9.9l-7 4.5z',
  lock: 'M12 2a5 5 0 0 0-5 5v3H5v12h14V10h-2V7a5 5 0 0 0-5-5zm-3 8V7a3 3 0 0 1 6 0v3z',
  ticket: 'M3 5h18v5a2 2 0 0 0 0 4v5H3v-5a2 2 0 0 0 0-4zm5 3v2h8V8zm0 4v2h8v-2z',
  ball: 'M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20zm0 4 3.5 2.5-1.3 4h-4.4l-1.3-4zM4.3 10l2.6.8 1.4 4.2-1.6 2.3A8 8 0 0 1 4.3 10zm15.4 0a8 8 0 0 1-2.4 7.3L15.7 15l1.4-4.2zM9.5 17h5l1.5 2.4a8 8 0 0 1-8 0z',
  list: 'M4 4h16v16H4zm3 3v2h10V7zm0 4v2h10v-2zm0 4v2h6v-2z',
  user: 'M12 2a5 5 0 1 1 0 10 5 5 0 0 1 0-10zm0 12c5 0 9 2.2 9 5v3H3v-3c0-2.8 4-5 9-5z',
  search:
    'M10 3a7 7 0 0 1 5.6 11.2l5.1 5.1-1.4 1.4-5.1-5.1A7 7 0 1 1 10 3zm0 2a5 5 0 1 0 0 10 5 5 0 0 0 0-10z',
  trophy:
    'M6 3h12v3h3v3a4 4 0 0 1-4 4h-.3A6 6 0 0 1 13 16v3h4v2H7v-2h4v-3a6 6 0 0 1-3.7-3H7a4 4 0 0 1-4-4V6h3zm0 5H5v1a2 2 0 0 0 1 1.7zm12 0v2.7A2 2 0 0 0 19 9V8z',
  calendar: 'M7 2h2v2h6V2h2v2h3v17H4V4h3zm-1 7v10h12V9z',
  live: 'M12 7a5 5 0 1 1 0 10 5 5 0 0 1 0-10z',
  globe:
    'M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20zm6.9 9h-3a15 15 0 0 0-1.4-6.3A8 8 0 0 1 18.9 11zM12 4c1 1.3 1.8 3.8 2 7h-4c.2-3.2 1-5.7 2-7zM9.5 4.7A15 15 0 0 0 8.1 11h-3a8 8 0 0 1 4.4-6.3zM5.1 13h3a15 15 0 0 0 1.4 6.3A8 8 0 0 1 5.1 13zm6.9 7c-1-1.3-1.8-3.8-2-7h4c-.2 3.2-1 5.7-2 7zm2.5-.7a15 15 0 0 0 1.4-6.3h3a8 8 0 0 1-4.4 6.3z',
} as const;

/** An icon's name. */
export type IconName = keyof typeof PATHS;

/** An inline SVG icon, hidden from screen readers (the control around it carries the label). */
export function Icon({ name, size = 18 }: { readonly name: IconName; readonly size?: number }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="currentColor"
      aria-hidden="true"
      className="icon"
    >
      <path d={PATHS[name]} />
    </svg>
  );
}
