/**
 * The Markdown subset of content bodies (docs/content.md) rendered to HTML that is safe to insert as is:
 * every character of the source is escaped first, and only these constructs become tags — `#`/`##`/`###`
 * headings, paragraphs (blank-line separated; single newlines become `<br>`), `- ` / `* ` bullet lists,
 * `1. ` numbered lists, `**bold**`, and `[text](link)` where link is a site route (`/…`, `#/…`) or an
 * `https://` / `mailto:` / `tel:` address (others stay as plain text). No raw HTML passes.
 */

const escapeHtml = (text: string): string =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

const SAFE_HREF = /^(\/|#\/|https:\/\/|mailto:|tel:\+?[0-9])/;

/** Bold and links inside one line of already-escaped text. */
const inline = (escaped: string): string =>
  escaped
    .replace(/\*\*([^*]+)\*\*/g, '<strong>$1</strong>')
    .replace(/\[([^\]]+)\]\(([^)\s]+)\)/g, (whole, text: string, href: string) => {
      const raw = href.replace(/&amp;/g, '&');
      if (!SAFE_HREF.test(raw) || raw.startsWith('//')) return whole;
      const external = raw.startsWith('https://');
      return `<a href="${href}"${external ? ' rel="noopener noreferrer" target="_blank"' : ''}>${text}</a>`;
    });

type Block = { kind: 'p' | 'ul' | 'ol'; lines: string[] };

/**
 * `source` (the Markdown subset) as safe HTML. Lines are read one by one: a heading line stands alone,
 * consecutive bullet (or numbered) lines make one list, other consecutive lines one paragraph; a blank
 * line ends a paragraph or list.
 */
export const renderMarkdown = (source: string): string => {
  const html: string[] = [];
  let open: Block | null = null;
  const close = () => {
    if (!open) return;
    if (open.kind === 'p') html.push(`<p>${open.lines.join('<br>')}</p>`);
    else html.push(`<${open.kind}>${open.lines.map((l) => `<li>${l}</li>`).join('')}</${open.kind}>`);
    open = null;
  };
  const add = (kind: Block['kind'], text: string) => {
    if (open?.kind !== kind) close();
    open ??= { kind, lines: [] };
    open.lines.push(inline(escapeHtml(text)));
  };
  for (const raw of source.replace(/\r\n?/g, '\n').split('\n')) {
    const line = raw.trim();
    if (line === '') {
      close();
      continue;
    }
    const heading = /^(#{1,3})\s+(.*)$/.exec(line);
    const bullet = /^[-*]\s+(.*)$/.exec(line);
    const numbered = /^\d+[.)]\s+(.*)$/.exec(line);
    if (heading) {
      close();
      const level = heading[1]!.length + 1; // # → h2: the page title is the h1
      html.push(`<h${level}>${inline(escapeHtml(heading[2]!))}</h${level}>`);
    } else if (bullet) add('ul', bullet[1]!);
    else if (numbered) add('ol', numbered[1]!);
    else add('p', line);
  }
  close();
  return html.join('\n');
};
