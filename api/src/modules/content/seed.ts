/**
 * Seeds the default content of a fresh database once (docs/content.md "Seeded content"): rich-text pages,
 * rules, an article, the welcome message, the notice bar, the contact list, SVG banners drawn here, and
 * the first site-configuration version. A marker row in `content_seed_runs` makes it run once, so
 * content staff delete stays deleted across restarts.
 */
import { createHash } from 'node:crypto';
import type { SqlClient } from '@bashiri/eventstore';
import { LANGUAGES } from './common.ts';
import { RULES_DOCUMENT } from './documents.ts';
import { CONTACT_LIST, NOTICE_BAR, SOCIAL_LINKS } from './items.ts';
import {
  SEED_ARTICLE,
  SEED_BANNERS,
  SEED_CONTACT_NUMBERS,
  SEED_NOTICE,
  SEED_PAGES,
  SEED_RULES,
  SEED_SOCIAL_LINKS,
  SEED_WELCOME,
} from './seed-data.ts';
import { seedSiteConfig } from './site-config.ts';
import { storeFile } from './uploads.ts';

const SEED_RUN = 'default-content-v1';
/** Added later (issue 16): its own marker, so databases seeded before get the social links once too. */
const SOCIAL_SEED_RUN = 'social-links-v1';
const BY = 'system:seed';

const xml = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const pentagon = (cx: number, cy: number, r: number, turn: number): string =>
  [0, 1, 2, 3, 4]
    .map((i) => {
      const a = ((turn + i * 72 - 90) * Math.PI) / 180;
      return `${(cx + Math.cos(a) * r).toFixed(1)},${(cy + Math.sin(a) * r).toFixed(1)}`;
    })
    .join(' ');

/** A football: a white ball, a black centre pentagon, five rim pentagons and the seams between them. */
const football = (cx: number, cy: number, r: number): string => {
  const rim = [0, 1, 2, 3, 4].map((i) => {
    const a = ((i * 72 - 90) * Math.PI) / 180;
    return { x: cx + Math.cos(a) * r * 0.95, y: cy + Math.sin(a) * r * 0.95, a };
  });
  const seams = rim
    .map(({ a }) => {
      const inner = { x: cx + Math.cos(a) * r * 0.3, y: cy + Math.sin(a) * r * 0.3 };
      const outer = { x: cx + Math.cos(a) * r * 0.68, y: cy + Math.sin(a) * r * 0.68 };
      return `<line x1="${inner.x.toFixed(1)}" y1="${inner.y.toFixed(1)}" x2="${outer.x.toFixed(1)}" y2="${outer.y.toFixed(1)}"/>`;
    })
    .join('');
  return `<clipPath id="ball"><circle cx="${cx}" cy="${cy}" r="${r}"/></clipPath>
<circle cx="${cx}" cy="${cy}" r="${r}" fill="#ffffff"/>
<g clip-path="url(#ball)" fill="#1a1a1a" stroke="#1a1a1a" stroke-width="${(r * 0.04).toFixed(1)}">
<polygon points="${pentagon(cx, cy, r * 0.3, 0)}"/>${rim.map((p) => `<polygon points="${pentagon(p.x, p.y, r * 0.3, 36)}"/>`).join('')}${seams}</g>
<circle cx="${cx}" cy="${cy}" r="${r}" fill="none" stroke="#1a1a1a" stroke-opacity="0.25" stroke-width="${(r * 0.03).toFixed(1)}"/>`;
};

/** A simple banner: a diagonal gradient, a ball, the title, a line and an 18+ badge. */
export const bannerSvg = (
  width: number,
  height: number,
  title: string,
  line: string,
  [from, to]: readonly [string, string],
): string => {
  const ball = height * 0.32;
  const titleSize = Math.round(height * 0.16);
  const lineSize = Math.round(height * 0.075);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
<rect width="${width}" height="${height}" fill="url(#g)"/>
${football(width - ball * 1.4, height / 2, ball)}
<text x="${Math.round(height * 0.18)}" y="${Math.round(height * 0.45)}" font-family="Arial, 'Noto Sans', 'PingFang SC', sans-serif" font-size="${titleSize}" font-weight="700" fill="#ffffff">${xml(title)}</text>
<text x="${Math.round(height * 0.18)}" y="${Math.round(height * 0.62)}" font-family="Arial, 'Noto Sans', 'PingFang SC', sans-serif" font-size="${lineSize}" fill="#ffffff" opacity="0.95">${xml(line)}</text>
<g transform="translate(${Math.round(height * 0.18)} ${Math.round(height * 0.74)})"><rect width="${lineSize * 2.6}" height="${lineSize * 1.5}" rx="${lineSize * 0.3}" fill="#ffffff"/><text x="${lineSize * 1.3}" y="${lineSize * 1.08}" text-anchor="middle" font-family="Arial, sans-serif" font-size="${lineSize}" font-weight="700" fill="${from}">18+</text></g>
</svg>`;
};

/** A stable UUID-shaped id from a key, so the seed's files keep their addresses. */
const stableId = (key: string): string => {
  const h = createHash('sha256').update(`bashiri-seed:${key}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-8${h.slice(17, 20)}-${h.slice(20, 32)}`;
};

/** Inserts the default content unless it was inserted before. `nowMs` dates the article and message. */
export const seedContent = async (sql: SqlClient, nowMs: number): Promise<void> => {
  await sql.transaction(async (tx) => {
    const claimed = await tx.query(
      'INSERT INTO content_seed_runs (name) VALUES ($1) ON CONFLICT DO NOTHING RETURNING name',
      [SEED_RUN],
    );
    if (claimed.rows.length === 0) return;
    const now = new Date(nowMs).toISOString();

    for (const page of SEED_PAGES)
      for (const language of LANGUAGES) {
        const { title, body } = page.text[language];
        await tx.query(
          `INSERT INTO content_pages (slug, type, language, title, body) VALUES ($1, $2, $3, $4, $5)
           ON CONFLICT (slug, language) DO NOTHING`,
          [page.slug, page.type, language, title, body],
        );
      }

    for (const language of LANGUAGES) {
      const rules = SEED_RULES[language];
      await tx.query(
        `INSERT INTO content_documents (type, title, body, language, sorting, seed_key) VALUES ($1, $2, $3, $4, 100, $5)
         ON CONFLICT (seed_key) DO NOTHING`,
        [RULES_DOCUMENT, rules.title, rules.body, language, `rules-${language}`],
      );
      const a = SEED_ARTICLE[language];
      await tx.query(
        `INSERT INTO content_articles (title, subtitle, intro, body, language, release_time, sorting, seed_key, image_url)
         VALUES ($1, $2, $3, $4, $5, $6, 50, $7, $8) ON CONFLICT (seed_key) DO NOTHING`,
        [a.title, a.subtitle, a.intro, a.body, language, now, `article-deposit-${language}`, null],
      );
      await tx.query(
        `INSERT INTO content_rotations (type, title, note, language, sorting, seed_key) VALUES ($1, $2, $3, $4, 100, $5)
         ON CONFLICT (seed_key) DO NOTHING`,
        [NOTICE_BAR, 'Notice', SEED_NOTICE[language], language, `notice-${language}`],
      );
    }

    for (const [index, number] of SEED_CONTACT_NUMBERS.entries()) {
      await tx.query(
        `INSERT INTO content_rotations (type, title, note, link, jump_type, language, sorting, seed_key)
         VALUES ($1, $2, $3, $4, 2, NULL, $5, $6) ON CONFLICT (seed_key) DO NOTHING`,
        // No title: the contact is for every language, and the sites head the list with their own
        // translated "customer service" (issue 16 item 10: no English on the Swahili /SMS page).
        [CONTACT_LIST, '', number, null, 100 - index, `contact-${index + 1}`],
      );
    }

    // Banners: desktop (16) and mobile (15) carousels from the first two designs, the promotion list (19)
    // from the third, in each language.
    const placements = [
      { type: 16, width: 1200, height: 300, designs: SEED_BANNERS.slice(0, 2) },
      { type: 15, width: 750, height: 300, designs: SEED_BANNERS.slice(0, 2) },
      { type: 19, width: 750, height: 300, designs: SEED_BANNERS.slice(2) },
    ];
    for (const { type, width, height, designs } of placements)
      for (const [index, design] of designs.entries())
        for (const language of LANGUAGES) {
          const key = `banner-${type}-${design.key}-${language}`;
          const { title, line } = design.text[language];
          const file = await storeFile(tx, {
            id: stableId(key),
            name: `${key}.svg`,
            contentType: 'image/svg+xml',
            bytes: Buffer.from(bannerSvg(width, height, title, line, design.colors), 'utf8'),
            createdBy: BY,
          });
          await tx.query(
            `INSERT INTO content_rotations (type, title, note, image_url, link, jump_type, language, sorting, seed_key)
             VALUES ($1, $2, $3, $4, $5, 1, $6, $7, $8) ON CONFLICT (seed_key) DO NOTHING`,
            [type, title, line, file.url, design.link, language, 100 - index * 10, key],
          );
        }

    await tx.query(
      `INSERT INTO content_messages (title, body, audience, created_by, created_at)
       VALUES ($1::jsonb, $2::jsonb, 'new_players', $3, $4)`,
      [JSON.stringify(SEED_WELCOME.title), JSON.stringify(SEED_WELCOME.body), BY, now],
    );

    await seedSiteConfig(tx, SEED_CONTACT_NUMBERS);
  });
  await sql.transaction(async (tx) => {
    const claimed = await tx.query(
      'INSERT INTO content_seed_runs (name) VALUES ($1) ON CONFLICT DO NOTHING RETURNING name',
      [SOCIAL_SEED_RUN],
    );
    if (claimed.rows.length === 0) return;
    // note = the network key the site draws an icon for; title = its name; link = its address.
    for (const [index, s] of SEED_SOCIAL_LINKS.entries())
      await tx.query(
        `INSERT INTO content_rotations (type, title, note, link, jump_type, language, sorting, seed_key)
         VALUES ($1, $2, $3, $4, 2, NULL, $5, $6) ON CONFLICT (seed_key) DO NOTHING`,
        [SOCIAL_LINKS, s.title, s.network, s.link, 100 - index * 10, `social-${s.network}`],
      );
  });
};
