/**
 * The report as one self-contained HTML page (issue 17 item 4): tables, and charts drawn as inline SVG
 * when the report is built (scales from d3-scale, paths from d3-shape; no script, no network when
 * viewed). Every figure has its explanation next to it. {@link compareHtml} shows two runs side by side.
 */
import { scaleBand, scaleLinear } from 'd3-scale';
import { line } from 'd3-shape';
import type {
  SimulationCashOut,
  SimulationRacing,
  SimulationPools,
  SimulationPoolTotals,
  SimulationTotals,
} from '@bashiri/domain';
import type { Report } from './report.ts';

const esc = (s: string): string =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
const tzs = (n: number): string => `${n.toLocaleString('en-US')} TZS`;
const pct = (x: number): string => `${(x * 100).toFixed(2)}%`;
const num = (x: number | null, dp = 4): string => (x === null ? '—' : x.toFixed(dp));

const W = 640;
const H = 320;
const M = { top: 16, right: 16, bottom: 110, left: 72 };
/** The racing chart's margins: room above the bars for the legend. */
const RM = { ...M, top: 28 };

/** A bar chart of `values` (fractions shown as percent when `percent`). */
export const barChart = (title: string, values: readonly [string, number][], percent: boolean): string => {
  const x = scaleBand<string>()
    .domain(values.map(([k]) => k))
    .range([M.left, W - M.right])
    .padding(0.2);
  const lo = Math.min(0, ...values.map(([, v]) => v));
  const hi = Math.max(0, ...values.map(([, v]) => v)) || 1;
  const y = scaleLinear()
    .domain([lo, hi])
    .nice()
    .range([H - M.bottom, M.top]);
  const fmt = (v: number) => (percent ? `${(v * 100).toFixed(0)}%` : Math.round(v).toLocaleString('en-US'));
  const ticks = y
    .ticks(5)
    .map(
      (t) =>
        `<line x1="${M.left}" x2="${W - M.right}" y1="${y(t)}" y2="${y(t)}" stroke="#ddd"/><text x="${M.left - 6}" y="${y(t) + 4}" text-anchor="end">${fmt(t)}</text>`,
    );
  const bars = values.map(([k, v]) => {
    const top = y(Math.max(v, 0));
    const h = Math.abs(y(v) - y(0));
    const cx = (x(k) ?? 0) + x.bandwidth() / 2;
    return `<rect x="${x(k)}" y="${top}" width="${x.bandwidth()}" height="${h}" fill="${v < 0 ? '#c0392b' : '#2e86c1'}"><title>${esc(k)}: ${fmt(v)}</title></rect><text x="${cx}" y="${H - M.bottom + 14}" text-anchor="end" transform="rotate(-60 ${cx} ${H - M.bottom + 14})">${esc(k)}</text>`;
  });
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}" width="${W}" height="${H}" role="img" aria-label="${esc(title)}" font-size="11" font-family="sans-serif">${ticks.join('')}${bars.join('')}<line x1="${M.left}" x2="${W - M.right}" y1="${y(0)}" y2="${y(0)}" stroke="#333"/></svg>`;
};

/** Reliability chart: predicted vs observed frequency per bin, ours and the market's, with the diagonal. */
export const reliabilityChart = (report: Report): string => {
  const size = 320;
  const s = scaleLinear()
    .domain([0, 1])
    .range([40, size - 16]);
  const t = scaleLinear()
    .domain([0, 1])
    .range([size - 40, 16]);
  const path = (pick: 'ours' | 'market') =>
    line<{ predicted: number; observed: number }>()
      .x((d) => s(d.predicted))
      .y((d) => t(d.observed))(report.calibration.reliability.map((b) => b[pick]).filter((b) => b.n > 0)) ??
    '';
  const dots = (pick: 'ours' | 'market', colour: string) =>
    report.calibration.reliability
      .map((b) => b[pick])
      .filter((b) => b.n > 0)
      .map(
        (b) =>
          `<circle cx="${s(b.predicted)}" cy="${t(b.observed)}" r="3" fill="${colour}"><title>${pick}: predicted ${pct(b.predicted)}, observed ${pct(b.observed)}, n=${b.n}</title></circle>`,
      )
      .join('');
  const axis = [0, 0.2, 0.4, 0.6, 0.8, 1]
    .map(
      (v) =>
        `<text x="${s(v)}" y="${size - 24}" text-anchor="middle">${v * 100}%</text><text x="34" y="${t(v) + 4}" text-anchor="end">${v * 100}%</text>`,
    )
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${size} ${size}" width="${size}" height="${size}" font-size="11" font-family="sans-serif" role="img" aria-label="reliability chart"><rect x="${s(0)}" y="${t(1)}" width="${s(1) - s(0)}" height="${t(0) - t(1)}" fill="none" stroke="#999"/><line x1="${s(0)}" y1="${t(0)}" x2="${s(1)}" y2="${t(1)}" stroke="#aaa" stroke-dasharray="4 3"/><path d="${path('ours')}" fill="none" stroke="#2e86c1" stroke-width="2"/><path d="${path('market')}" fill="none" stroke="#e67e22" stroke-width="2"/>${dots('ours', '#2e86c1')}${dots('market', '#e67e22')}${axis}<text x="${s(0.02)}" y="${t(0.95)}" fill="#2e86c1">ours</text><text x="${s(0.02)}" y="${t(0.88)}" fill="#e67e22">bookmakers' closing</text></svg>`;
};

const totalsTable = (title: string, rows: Readonly<Record<string, SimulationTotals>>): string => {
  const body = Object.entries(rows)
    .map(
      ([k, t]) =>
        `<tr><td>${esc(k)}</td><td>${t.bets.toLocaleString('en-US')}</td><td>${tzs(t.handle)}</td><td>${tzs(t.grossPayout)}</td><td>${tzs(t.ggr)}</td><td>${pct(t.hold)}</td><td>${pct(t.rtp)}</td><td>${tzs(t.withholdingTax)}</td><td>${tzs(t.accaBonus)}</td></tr>`,
    )
    .join('');
  return `<table><caption>${esc(title)}</caption><thead><tr><th></th><th>bets</th><th>handle</th><th>gross payout</th><th>GGR</th><th>hold</th><th>RTP</th><th>withholding tax</th><th>acca bonus</th></tr></thead><tbody>${body}</tbody></table>`;
};

const poolTotalsRow = (label: string, t: SimulationPoolTotals): string =>
  `<tr><td>${esc(label)}</td><td>${t.issues}</td><td>${t.tickets.toLocaleString('en-US')}</td><td>${t.lines.toLocaleString('en-US')}</td><td>${tzs(t.handle)}</td><td>${tzs(t.grossPrizes)}</td><td>${tzs(t.ggr)}</td><td>${pct(t.hold)}</td><td>${tzs(t.withholdingTax)}</td><td>${tzs(t.seedPaid)}</td><td>${t.jackpotsWon}</td><td>${tzs(t.carryOverAtEnd)}</td><td>${tzs(t.openStakes)}</td></tr>`;

/** The pool-games section: totals per game and every issue with its sales, pool, prizes and rollover. */
export const poolsHtml = (pools: SimulationPools): string => {
  const totals = [
    ...Object.entries(pools.byGame).map(([g, t]) => poolTotalsRow(g, t)),
    poolTotalsRow('all pool games', pools.totals),
  ].join('');
  const issues = pools.issues
    .map(
      (i) =>
        `<tr><td>${esc(i.identifier)} (${esc(i.game)})</td><td>${esc(i.firstKickoff.slice(0, 10))}</td><td>${esc(i.status)}</td><td>${i.tickets}</td><td>${i.lines}</td><td>${tzs(i.stakes)}</td><td>${tzs(i.carriedOver)}</td><td>${tzs(i.pool)}</td><td>${tzs(i.prizesPaid)}</td><td>${tzs(i.seedPaid)}</td><td>${tzs(i.rolledOver)}</td><td>${tzs(i.breakage)}</td><td>${i.jackpotWon ? 'won' : '—'}</td></tr>`,
    )
    .join('');
  return `<h2>Pool games: jackpot and Lucky Six</h2>
<table><caption>Totals (settled issues)</caption><thead><tr><th></th><th>issues</th><th>tickets</th><th>lines</th><th>handle</th><th>gross prizes</th><th>GGR</th><th>hold</th><th>withholding tax</th><th>seed paid</th><th>jackpots won</th><th>carried over at the end</th><th>stakes of open issues</th></tr></thead><tbody>${totals}</tbody></table>
<table><caption>Per issue</caption><thead><tr><th>issue</th><th>first kick-off</th><th>status</th><th>tickets</th><th>lines</th><th>sales</th><th>carried over</th><th>pool</th><th>prizes paid</th><th>seed paid</th><th>rolled over</th><th>breakage</th><th>jackpot</th></tr></thead><tbody>${issues}</tbody></table>
<p class="note">Pool = carried over + the type's increment × sales (rounded down). Prizes paid + rolled over + breakage = pool + seed paid; rolled over + breakage is the next issue's carried over. Tickets refused by the wallet: ${pools.rejectedTickets}.</p>`;
};

/** The cash-out section: half-time cash-outs, value paid and the margin earned. */
export const cashOutHtml = (c: SimulationCashOut): string =>
  `<h2>Cash-out at half-time</h2>
<table><tbody>
<tr><td>Bets cashed out</td><td>${c.cashOuts.toLocaleString('en-US')}</td></tr>
<tr><td>Their stakes</td><td>${tzs(c.stakes)}</td></tr>
<tr><td>Value paid (before tax)</td><td>${tzs(c.valuePaid)}</td></tr>
<tr><td>Fair value (before the ${c.marginPercent}% margin)</td><td>${tzs(c.fairValue)}</td></tr>
<tr><td>Margin earned (fair value − value paid)</td><td>${tzs(c.marginEarned)}</td></tr>
<tr><td>GGR (stakes − value paid)</td><td>${tzs(c.ggr)}</td></tr>
<tr><td>Withholding tax</td><td>${tzs(c.withholdingTax)}</td></tr>
<tr><td>Credited to wallets</td><td>${tzs(c.credited)}</td></tr>
<tr><td>What the same bets would have paid at full time (gross)</td><td>${tzs(c.wouldHavePaid)}</td></tr>
</tbody></table>
<p class="note">Single bets on full-time markets whose selection was winning at half-time, cashed out then with the scenario's <code>cashOutShare</code>, at the domain's quote on the half-time score and our model's goal rates. Not in the football totals above (those are bets settled on results).</p>`;

/** Names of the racing bet types by code (docs/racing.md "Bet types"). */
export const RACING_TYPE_NAMES: Readonly<Record<number, string>> = {
  1: 'champion',
  2: 'champion and runner-up',
  3: 'top three',
  4: 'odd/even',
  5: 'big/small',
  6: 'Luck Racing',
};

const SHORT_TYPE_NAMES: Readonly<Record<number, string>> = { ...RACING_TYPE_NAMES, 2: '1st & 2nd' };

/** Grouped bars: measured RTP next to the exact RTP of each racing bet type. */
export const racingRtpChart = (racing: SimulationRacing): string => {
  const keys = racing.byBetType.map((b) => `${b.betType} ${SHORT_TYPE_NAMES[b.betType]}`);
  const x = scaleBand<string>()
    .domain(keys)
    .range([RM.left, W - RM.right])
    .padding(0.2);
  const hi = Math.max(1, ...racing.byBetType.map((b) => Math.max(b.rtp, b.exactRtp + b.exactPoolRtp)));
  const y = scaleLinear()
    .domain([0, hi])
    .nice()
    .range([H - RM.bottom, RM.top]);
  const ticks = y
    .ticks(5)
    .map(
      (t) =>
        `<line x1="${RM.left}" x2="${W - RM.right}" y1="${y(t)}" y2="${y(t)}" stroke="#ddd"/><text x="${RM.left - 6}" y="${y(t) + 4}" text-anchor="end">${(t * 100).toFixed(0)}%</text>`,
    );
  const half = x.bandwidth() / 2;
  const bars = racing.byBetType.map((b, i) => {
    const k = keys[i]!;
    const x0 = x(k) ?? 0;
    const exact = b.exactRtp + b.exactPoolRtp;
    const cx = x0 + half;
    return `<rect x="${x0}" y="${y(b.rtp)}" width="${half}" height="${y(0) - y(b.rtp)}" fill="#2e86c1"><title>${esc(k)} measured: ${pct(b.rtp)}</title></rect><rect x="${x0 + half}" y="${y(exact)}" width="${half}" height="${y(0) - y(exact)}" fill="#e67e22"><title>${esc(k)} exact: ${pct(exact)}</title></rect><text x="${cx}" y="${H - RM.bottom + 14}" text-anchor="end" transform="rotate(-60 ${cx} ${H - RM.bottom + 14})">${esc(k)}</text>`;
  });
  // In the top margin, above the highest bar.
  const legend = `<text x="${RM.left}" y="${RM.top - 4}" fill="#2e86c1">■ measured</text><text x="${RM.left + 80}" y="${RM.top - 4}" fill="#e67e22">■ exact</text>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}" width="${W}" height="${H}" role="img" aria-label="racing RTP per bet type, measured and exact" font-size="11" font-family="sans-serif">${ticks.join('')}${bars.join('')}<line x1="${RM.left}" x2="${W - RM.right}" y1="${y(0)}" y2="${y(0)}" stroke="#333"/>${legend}</svg>`;
};

/** The racing section: totals, coin exchange, RTP per bet type measured against exact, largest wins. */
export const racingHtml = (r: SimulationRacing): string => {
  const types = r.byBetType
    .map(
      (b) =>
        `<tr><td>${b.betType} ${esc(RACING_TYPE_NAMES[b.betType] ?? '')}</td><td>${esc(b.odds ?? 'prize table')}</td><td>${b.orders.toLocaleString('en-US')}</td><td>${b.tickets.toLocaleString('en-US')}</td><td>${tzs(b.handle)}</td><td>${tzs(b.grossPayout)}</td><td>${tzs(b.ggr)}</td><td>${pct(b.rtp)}</td><td>${pct(b.exactRtp)}${b.exactPoolRtp > 0 ? ` + ${(b.exactPoolRtp * 100).toFixed(4)}% pool` : ''}</td><td>${tzs(b.withholdingTax)}</td></tr>`,
    )
    .join('');
  const wins = r.largestWins
    .map(
      (w) =>
        `<tr><td>${esc(w.betId)}</td><td>${w.betType} ${esc(RACING_TYPE_NAMES[w.betType] ?? '')}</td><td>${tzs(w.amount)}</td><td>${tzs(w.grossPayout)}</td><td>${tzs(w.credited)}</td><td style="text-align:left">${esc(w.description)}</td></tr>`,
    )
    .join('');
  return `<h2>Virtual racing</h2>
<table><tbody>
<tr><td>Rounds run (${r.roundsPerDay} a matchday)</td><td>${r.rounds.toLocaleString('en-US')}</td></tr>
<tr><td>Orders (tickets)</td><td>${r.orders.toLocaleString('en-US')} (${r.tickets.toLocaleString('en-US')})</td></tr>
<tr><td>Handle (racing coin)</td><td>${tzs(r.handle)}</td></tr>
<tr><td>Gross payout</td><td>${tzs(r.grossPayout)}</td></tr>
<tr><td>GGR</td><td>${tzs(r.ggr)}</td></tr>
<tr><td>Hold</td><td>${pct(r.hold)}</td></tr>
<tr><td>RTP</td><td>${pct(r.rtp)}</td></tr>
<tr><td>Racing tax (${esc(r.taxRatePercent)}% of winning orders' profit)</td><td>${tzs(r.withholdingTax)}</td></tr>
<tr><td>Credited in racing coin (after tax)</td><td>${tzs(r.credited)}</td></tr>
<tr><td>Ten-of-ten tickets (prize pool paid)</td><td>${r.tenOfTenTickets} (${tzs(r.poolPaid)})</td></tr>
<tr><td>Racing coin bought (balance → coin, bill 15)</td><td>${tzs(r.coinBought)}</td></tr>
<tr><td>Racing coin sold back (coin → balance, bill 16)</td><td>${tzs(r.coinSold)}</td></tr>
<tr><td>Exchange tax (${esc(r.convertTaxRatePercent)}% of coin sold back)</td><td>${tzs(r.exchangeTax)}</td></tr>
<tr><td>Racing coin held at the end</td><td>${tzs(r.coinHeldAtEnd)}</td></tr>
<tr><td>Orders refused by the wallet</td><td>${r.rejectedOrders}</td></tr>
</tbody></table>
<h3>RTP per bet type: measured and exact</h3>${racingRtpChart(r)}
<table><caption>Per bet type</caption><thead><tr><th>bet type</th><th>odds</th><th>orders</th><th>tickets</th><th>handle</th><th>gross payout</th><th>GGR</th><th>measured RTP</th><th>exact RTP</th><th>racing tax</th></tr></thead><tbody>${types}</tbody></table>
<table><caption>Largest racing wins</caption><thead><tr><th>order</th><th>bet type</th><th>amount</th><th>gross payout</th><th>credited</th><th>picks · finishing order</th></tr></thead><tbody>${wins}</tbody></table>
<p class="note">Rounds on the product's schedule (a round every 3 minutes from 08:00 EAT on each matchday), each drawn by the provably fair draw (docs/racing.md "The draw") from a seed derived from the scenario's seed and the round id (not from crypto.randomBytes, so the run can be repeated number for number); orders placed, paid and settled through the racing order decider, the payout code and the wallet in racing coin. Measured RTP = gross payout ÷ handle of the run's orders; exact RTP = the bet type's expected return at these odds over the 10! equally likely finishing orders (domain <code>exactRtp</code>, before tax; Luck Racing's prize pool as won alone, an upper bound). A few hundred orders of a long-odds type give a measured RTP far from the exact one: compare them only on large runs. Not in the football totals above.</p>`;
};

/** Handle, payout and GGR of each product of a run and of all of them (football bets settled on results, cash-outs, pool games, racing). */
export const productTotals = (report: Report): [string, { handle: number; paid: number }][] => {
  const rows: [string, { handle: number; paid: number }][] = [
    ['football (settled on results)', { handle: report.totals.handle, paid: report.totals.grossPayout }],
  ];
  if (report.cashOut)
    rows.push(['cash-outs', { handle: report.cashOut.stakes, paid: report.cashOut.valuePaid }]);
  if (report.pools)
    rows.push(['pool games', { handle: report.pools.totals.handle, paid: report.pools.totals.grossPrizes }]);
  if (report.racing)
    rows.push(['virtual racing', { handle: report.racing.handle, paid: report.racing.grossPayout }]);
  const all = rows.reduce((a, [, r]) => ({ handle: a.handle + r.handle, paid: a.paid + r.paid }), {
    handle: 0,
    paid: 0,
  });
  return [...rows, ['all products', all]];
};

const productsTable = (report: Report): string =>
  `<table><caption>All products</caption><thead><tr><th></th><th>handle</th><th>gross payout</th><th>GGR</th><th>hold</th></tr></thead><tbody>${productTotals(
    report,
  )
    .map(
      ([k, r]) =>
        `<tr><td>${esc(k)}</td><td>${tzs(r.handle)}</td><td>${tzs(r.paid)}</td><td>${tzs(r.handle - r.paid)}</td><td>${r.handle === 0 ? '—' : pct((r.handle - r.paid) / r.handle)}</td></tr>`,
    )
    .join('')}</tbody></table>`;

/** The per-behaviour table's rows: football bets by behaviour, and racing players' orders when the run had racing. */
const behaviourRows = (report: Report): Record<string, SimulationTotals> => {
  const r = report.racing;
  if (!r) return { ...report.byBehaviour };
  return {
    ...report.byBehaviour,
    'racing_player (racing orders)': {
      bets: r.orders,
      handle: r.handle,
      grossPayout: r.grossPayout,
      ggr: r.ggr,
      hold: r.hold,
      rtp: r.rtp,
      withholdingTax: r.withholdingTax,
      accaBonus: 0,
      credited: r.credited,
    },
  };
};

const STYLE = `body{font-family:system-ui,sans-serif;max-width:1000px;margin:2em auto;padding:0 1em;color:#222}
table{border-collapse:collapse;margin:1em 0;font-size:13px}td,th{border:1px solid #ccc;padding:3px 8px;text-align:right}
td:first-child,th:first-child{text-align:left}caption{font-weight:bold;text-align:left;padding:4px 0}
.note{color:#555;font-size:13px}dt{font-weight:bold;margin-top:.5em}.warn{background:#fff3cd;padding:.5em}`;

const DEFINITIONS = `<h2>What the figures mean</h2><dl class="note">
<dt>Handle</dt><dd>The sum of all stakes of settled bets, in whole TZS.</dd>
<dt>Gross payout</dt><dd>What winning and void bets return before withholding tax: stake + profit (after the profit caps) + acca bonus. Taken from each bet's own <code>BetSettled</code> event.</dd>
<dt>GGR (gross gaming revenue)</dt><dd>Handle − gross payout: what the operator keeps before taxes.</dd>
<dt>Hold</dt><dd>GGR ÷ handle.</dd>
<dt>RTP (return to player)</dt><dd>Gross payout ÷ handle = 1 − hold.</dd>
<dt>Withholding tax</dt><dd>Tax withheld from winnings at the configuration's rate (betting-rules §8): floor((profit + reward) × rate). Collected from players for the state; not operator revenue.</dd>
<dt>Acca bonus</dt><dd>The string reward (spec §5): a percentage of profit for accumulators with the tier's number of qualifying legs. A cost to the operator, included in the gross payout.</dd>
<dt>Operator GGR tax</dt><dd>The scenario's <code>ggrTaxPercent</code> of each calendar month's GGR (EAT) when positive, rounded down, summed. The rate is a scenario assumption.</dd>
<dt>Pool games</dt><dd>Jackpot and Lucky Six tickets of <code>pool_player</code> bettors: handle = sales of settled issues; GGR = handle − gross prizes (the operator's seed included when the top tier is won); hold = GGR ÷ handle. Not in the football totals above.</dd>
<dt>Virtual racing</dt><dd>Racing orders of <code>racing_player</code> bettors, in racing coin (1 coin = 1 TZS): handle = amounts payable of settled orders; gross payout = what they returned before the racing tax (capped fixed return + prize-pool share); GGR = handle − gross payout. Racing tax is taken from each winning order's profit; the exchange tax from racing coin sold back to the balance. Not in the football totals; in "All products".</dd>
<dt>Market type</dt><dd>The market of a single; every bet with two or more legs counts as <em>multiple</em>.</dd>
<dt>League</dt><dd>The league of the bet's legs; <em>mixed</em> when an accumulator spans leagues.</dd>
<dt>Brier score</dt><dd>Mean over matches of Σ (p − outcome)² over home, draw, away (0 perfect, lower is better).</dd>
<dt>Log loss</dt><dd>Mean of −ln(probability given to what happened) (lower is better).</dd>
<dt>Ours / market</dt><dd>Ours: our model's fair 1X2 probabilities (before margin), fitted only on earlier matches. Market: the bookmakers' average closing 1X2 prices with their margin removed (power method). Both on the same matches (those with closing prices).</dd>
<dt>Reliability chart</dt><dd>All predicted 1X2 probabilities grouped in 10% bins: the mean prediction of each bin against how often those outcomes happened. A well-calibrated model lies on the dashed diagonal.</dd>
</dl>`;

/** The report page. */
export const reportHtml = (report: Report): string => {
  const t = report.totals;
  const c = report.calibration;
  const rtpByMarket = Object.entries(report.byMarketType).map(([k, v]) => [k, v.rtp] as [string, number]);
  const ggrByMonth = Object.entries(report.byMonth).map(([k, v]) => [k, v.ggr] as [string, number]);
  const byBehaviour = behaviourRows(report);
  const rtpByBehaviour = Object.entries(byBehaviour).map(([k, v]) => [k, v.rtp] as [string, number]);
  const wins = report.largestWins
    .map(
      (w) =>
        `<tr><td>${esc(w.betId)}</td><td>${esc(w.behaviour)}</td><td>${tzs(w.stake)}</td><td>${esc(w.totalOdds)}</td><td>${tzs(w.grossPayout)}</td><td>${tzs(w.credited)}</td><td style="text-align:left">${esc(w.description)}</td></tr>`,
    )
    .join('');
  const rel = c.reliability
    .map(
      (b) =>
        `<tr><td>${b.bin}</td><td>${b.ours.n}</td><td>${pct(b.ours.predicted)}</td><td>${pct(b.ours.observed)}</td><td>${b.market.n}</td><td>${pct(b.market.predicted)}</td><td>${pct(b.market.observed)}</td></tr>`,
    )
    .join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Season simulation: ${esc(report.scenario.name)}</title><style>${STYLE}</style></head><body>
<h1>Season simulation: ${esc(report.scenario.name)}</h1>
${report.stopped ? `<p class="warn">Stopped after ${report.matchdays} of ${report.matchdaysTotal} matchdays: the figures cover those only.</p>` : ''}
<p class="note">Leagues ${esc(report.scenario.leagues.join(', '))}, seasons ${esc(report.scenario.seasons.join(', '))}; ${report.matches} matches on ${report.matchdays} matchdays (EAT dates); ${report.bettors.toLocaleString('en-US')} bettors; seed ${report.scenario.seed}; run id <code>${esc(report.runId)}</code>. Margins: ${esc(JSON.stringify(report.scenario.marginPercent))}. Configuration: ${esc(JSON.stringify(report.scenario.config ?? 'spec §9 defaults'))}. Every bet was placed, paid, settled and credited through the real bet and wallet deciders and stored in the event store.</p>
<h2>Totals</h2>
<table><tbody>
<tr><td>Settled bets</td><td>${t.bets.toLocaleString('en-US')}</td></tr>
<tr><td>Handle</td><td>${tzs(t.handle)}</td></tr>
<tr><td>Gross payout</td><td>${tzs(t.grossPayout)}</td></tr>
<tr><td>GGR</td><td>${tzs(t.ggr)}</td></tr>
<tr><td>Hold</td><td>${pct(t.hold)}</td></tr>
<tr><td>RTP</td><td>${pct(t.rtp)}</td></tr>
<tr><td>Withholding tax (on winnings)</td><td>${tzs(t.withholdingTax)}</td></tr>
<tr><td>Operator GGR tax (${report.scenario.ggrTaxPercent}% of monthly positive GGR)</td><td>${tzs(report.operatorGgrTax)}</td></tr>
<tr><td>Acca-bonus cost</td><td>${tzs(t.accaBonus)}</td></tr>
<tr><td>Credited to wallets (after tax)</td><td>${tzs(t.credited)}</td></tr>
<tr><td>Deposits (count)</td><td>${tzs(report.payments.deposits)} (${report.payments.depositCount})</td></tr>
<tr><td>Withdrawals (count)</td><td>${tzs(report.payments.withdrawals)} (${report.payments.withdrawalCount})</td></tr>
<tr><td>Bets refused by the wallet</td><td>${report.payments.rejectedBets}</td></tr>
</tbody></table>
${report.pools || report.cashOut || report.racing ? productsTable(report) : ''}
<h2>RTP per market type</h2>${barChart('RTP per market type', rtpByMarket, true)}${totalsTable('Per market type', report.byMarketType)}
<h2>Per bettor behaviour</h2>${barChart('RTP per behaviour', rtpByBehaviour, true)}${totalsTable('Per behaviour', byBehaviour)}
<h2>Per league</h2>${totalsTable('Per league', report.byLeague)}
<h2>Per month (GGR)</h2>${barChart('GGR per month, TZS', ggrByMonth, false)}${totalsTable('Per month (EAT)', report.byMonth)}
<h2>Largest wins</h2><table><thead><tr><th>bet</th><th>behaviour</th><th>stake</th><th>odds</th><th>gross payout</th><th>credited</th><th>legs</th></tr></thead><tbody>${wins}</tbody></table>
<h2>Calibration: our 1X2 prices next to the bookmakers' closing prices</h2>
<table><thead><tr><th></th><th>ours</th><th>bookmakers' closing</th></tr></thead><tbody>
<tr><td>Brier score (${c.compared} matches)</td><td>${num(c.brier.ours)}</td><td>${num(c.brier.market)}</td></tr>
<tr><td>Log loss</td><td>${num(c.logLoss.ours)}</td><td>${num(c.logLoss.market)}</td></tr>
</tbody></table>
${reliabilityChart(report)}
<table><caption>Reliability</caption><thead><tr><th>bin</th><th>ours n</th><th>ours predicted</th><th>ours observed</th><th>market n</th><th>market predicted</th><th>market observed</th></tr></thead><tbody>${rel}</tbody></table>
${report.pools ? poolsHtml(report.pools) : ''}
${report.cashOut ? cashOutHtml(report.cashOut) : ''}
${report.racing ? racingHtml(report.racing) : ''}
${DEFINITIONS}
</body></html>
`;
};

const ROWS: readonly [string, (r: Report) => number, 'tzs' | 'pct' | 'num'][] = [
  ['Settled bets', (r) => r.totals.bets, 'num'],
  ['Handle', (r) => r.totals.handle, 'tzs'],
  ['Gross payout', (r) => r.totals.grossPayout, 'tzs'],
  ['GGR', (r) => r.totals.ggr, 'tzs'],
  ['Hold', (r) => r.totals.hold, 'pct'],
  ['RTP', (r) => r.totals.rtp, 'pct'],
  ['Withholding tax', (r) => r.totals.withholdingTax, 'tzs'],
  ['Operator GGR tax', (r) => r.operatorGgrTax, 'tzs'],
  ['Acca-bonus cost', (r) => r.totals.accaBonus, 'tzs'],
  ['Credited to wallets', (r) => r.totals.credited, 'tzs'],
  ['Brier score (ours)', (r) => r.calibration.brier.ours, 'num'],
];

const RACING_ROWS: readonly [string, (r: SimulationRacing) => number, 'tzs' | 'pct' | 'num'][] = [
  ['Rounds', (r) => r.rounds, 'num'],
  ['Orders', (r) => r.orders, 'num'],
  ['Handle', (r) => r.handle, 'tzs'],
  ['Gross payout', (r) => r.grossPayout, 'tzs'],
  ['GGR', (r) => r.ggr, 'tzs'],
  ['Hold', (r) => r.hold, 'pct'],
  ['RTP', (r) => r.rtp, 'pct'],
  ['Racing tax', (r) => r.withholdingTax, 'tzs'],
  ['Coin bought', (r) => r.coinBought, 'tzs'],
  ['Coin sold back', (r) => r.coinSold, 'tzs'],
  ['Exchange tax', (r) => r.exchangeTax, 'tzs'],
];

/** Racing of two runs side by side: the totals with B − A, and both odds tables with measured and exact RTP. */
export const racingCompareHtml = (a: Report, b: Report): string => {
  const cell = (v: number, kind: 'tzs' | 'pct' | 'num') =>
    kind === 'tzs' ? tzs(v) : kind === 'pct' ? pct(v) : v.toLocaleString('en-US');
  const rows = RACING_ROWS.map(([label, get, kind]) => {
    const va = a.racing ? get(a.racing) : null;
    const vb = b.racing ? get(b.racing) : null;
    const diff =
      va === null || vb === null
        ? '—'
        : kind === 'pct'
          ? `${((vb - va) * 100).toFixed(2)} pp`
          : cell(vb - va, kind);
    return `<tr><td>${label}</td><td>${va === null ? '—' : cell(va, kind)}</td><td>${vb === null ? '—' : cell(vb, kind)}</td><td>${diff}</td></tr>`;
  }).join('');
  const types = [1, 2, 3, 4, 5, 6]
    .map((t) => {
      const x = a.racing?.byBetType.find((r) => r.betType === t);
      const y = b.racing?.byBetType.find((r) => r.betType === t);
      const side = (r: typeof x) =>
        r
          ? `<td>${esc(r.odds ?? 'prize table')}</td><td>${pct(r.exactRtp + r.exactPoolRtp)}</td><td>${pct(r.rtp)}</td><td>${tzs(r.ggr)}</td>`
          : '<td>—</td><td>—</td><td>—</td><td>—</td>';
      return `<tr><td>${t} ${esc(RACING_TYPE_NAMES[t]!)}</td>${side(x)}${side(y)}</tr>`;
    })
    .join('');
  return `<h2>Virtual racing</h2>
<table><thead><tr><th></th><th>A</th><th>B</th><th>B − A</th></tr></thead><tbody>${rows}</tbody></table>
<table><caption>Odds and RTP per bet type</caption><thead><tr><th></th><th>A odds</th><th>A exact RTP</th><th>A measured RTP</th><th>A GGR</th><th>B odds</th><th>B exact RTP</th><th>B measured RTP</th><th>B GGR</th></tr></thead><tbody>${types}</tbody></table>`;
};

/** Two runs on the same seed side by side with their differences (B − A). */
export const compareHtml = (a: Report, b: Report): string => {
  const f = (v: number, kind: 'tzs' | 'pct' | 'num') =>
    kind === 'tzs'
      ? tzs(v)
      : kind === 'pct'
        ? pct(v)
        : Number.isInteger(v)
          ? v.toLocaleString('en-US')
          : v.toFixed(4);
  const rows = ROWS.map(
    ([label, get, kind]) =>
      `<tr><td>${label}</td><td>${f(get(a), kind)}</td><td>${f(get(b), kind)}</td><td>${kind === 'pct' ? `${((get(b) - get(a)) * 100).toFixed(2)} pp` : f(get(b) - get(a), kind)}</td></tr>`,
  ).join('');
  const markets = [...new Set([...Object.keys(a.byMarketType), ...Object.keys(b.byMarketType)])].sort();
  const rtp = markets
    .map(
      (m) =>
        `<tr><td>${esc(m)}</td><td>${a.byMarketType[m] ? pct(a.byMarketType[m].rtp) : '—'}</td><td>${b.byMarketType[m] ? pct(b.byMarketType[m].rtp) : '—'}</td></tr>`,
    )
    .join('');
  const racing = a.racing || b.racing ? racingCompareHtml(a, b) : '';
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Comparison: ${esc(a.scenario.name)} vs ${esc(b.scenario.name)}</title><style>${STYLE}</style></head><body>
<h1>What-if: ${esc(a.scenario.name)} (A) vs ${esc(b.scenario.name)} (B)</h1>
<p class="note">Both runs use seed ${a.scenario.seed} (A's), so the same bettors meet the same matches; only the scenarios' differences (margins, configuration, taxes) change the outcome. Difference = B − A; pp = percentage points.</p>
<table><thead><tr><th></th><th>A</th><th>B</th><th>B − A</th></tr></thead><tbody>${rows}</tbody></table>
<table><caption>RTP per market type</caption><thead><tr><th></th><th>A</th><th>B</th></tr></thead><tbody>${rtp}</tbody></table>
${racing}
<h2>A</h2>${barChart(
    'RTP per market type A',
    Object.entries(a.byMarketType).map(([k, v]) => [k, v.rtp] as [string, number]),
    true,
  )}
<h2>B</h2>${barChart(
    'RTP per market type B',
    Object.entries(b.byMarketType).map(([k, v]) => [k, v.rtp] as [string, number]),
    true,
  )}
${DEFINITIONS}
</body></html>
`;
};
