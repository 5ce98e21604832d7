import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { renderMarkdown } from './markdown.ts';

describe('renderMarkdown', () => {
  it('renders headings, paragraphs, lists, bold and safe links', () => {
    const html = renderMarkdown(
      '# Title\n\nFirst line\nsecond **bold** line\n\n- one\n- two [help](/help)\n\n1. a\n2. [site](https://example.org/x?a=1&b=2)',
    );
    expect(html).toBe(
      [
        '<h2>Title</h2>',
        '<p>First line<br>second <strong>bold</strong> line</p>',
        '<ul><li>one</li><li>two <a href="/help">help</a></li></ul>',
        '<ol><li>a</li><li><a href="https://example.org/x?a=1&amp;b=2" rel="noopener noreferrer" target="_blank">site</a></li></ol>',
      ].join('\n'),
    );
  });

  it('ends a paragraph or list at a heading or a change of block', () => {
    expect(renderMarkdown('## Tips\n- one\n- two\nAfter\n1. first')).toBe(
      '<h3>Tips</h3>\n<ul><li>one</li><li>two</li></ul>\n<p>After</p>\n<ol><li>first</li></ol>',
    );
  });

  it('escapes raw HTML and refuses unsafe links', () => {
    const html = renderMarkdown('<script>alert(1)</script> [x](javascript:alert(1)) [y](//evil.example)');
    expect(html).not.toContain('<script');
    expect(html).not.toContain('href="javascript');
    expect(html).not.toContain('href="//');
    expect(html).toContain('&lt;script&gt;');
  });

  it('never lets a tag through from any input', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme-ascii', maxLength: 200 }), (source) => {
        const html = renderMarkdown(source);
        const tags = html.match(/<\/?([a-z0-9]+)/g) ?? [];
        for (const tag of tags) expect(tag).toMatch(/^<\/?(h2|h3|h4|p|br|ul|ol|li|strong|a)$/);
        expect(html).not.toMatch(/href="(?!\/|#\/|https:\/\/|mailto:|tel:)/);
      }),
      { numRuns: 300 },
    );
  });
});
