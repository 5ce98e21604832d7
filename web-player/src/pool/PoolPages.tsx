/**
 * The pool-game pages (spec §2): `/string_ball` → `/string_ball/jackpot` (the 13-row 1/X/2 grid with
 * the double counter, lines, stake, tax and possible prize; the spec §8 jackpot messages),
 * `/string_ball/results` (past issues: results, winning lines, prizes), `/string_ball/rules` (generated
 * from the configuration in force), and `/guess_score` (Lucky Six: an exact score per match). Below each
 * game, the player's tickets with a live prize tracker (hits per match and lines per tier, refreshed
 * every 15 s). Loaded on demand (vite.config.ts ON_DEMAND).
 */
import { LUCKY_SIX_OUTCOMES, lineTax } from '@bashiri/domain';
import { formatTzs } from '@bashiri/web-shared';
import { errorCodeOf } from '@bashiri/web-shared';
import { useSelector } from '@xstate/react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, NavLink } from 'react-router';
import { createActor, fromPromise } from 'xstate';
import { useClient, useQuery } from 'urql';
import '../account/account.css';
import './pool.css';
import { formatEat, useCodeText as useSharedCodeText, usePageTitle } from '../account/common.tsx';
import { useSessionToken } from '../app/services.tsx';
import {
  PoolBuyTicketDocument,
  PoolGameRulesDocument,
  PoolMyTicketsDocument,
  PoolOpenIssuesDocument,
  PoolPastIssuesDocument,
  type PoolGame,
  type PoolIssueFieldsFragment,
} from './generated.ts';
import { IssueStats } from './IssueStats.tsx';
import { complete, shapeOf, ticketBuilderMachine, type BuyRequest } from './machine.ts';

const JACKPOT_OUTCOMES = ['1', 'X', '2'] as const;
const REFRESH_MS = 15_000;

/** Re-runs `refresh` every {@link REFRESH_MS} while mounted (the live tracker). */
const useRefresh = (refresh: () => void) =>
  useEffect(() => {
    const timer = setInterval(refresh, REFRESH_MS);
    return () => clearInterval(timer);
  }, [refresh]);

function GameTabs({ game }: { readonly game: PoolGame }) {
  const { t } = useTranslation();
  const tabs =
    game === 'JACKPOT'
      ? [
          ['/string_ball/jackpot', 'pool.tabs.jackpot'],
          ['/string_ball/results', 'pool.tabs.results'],
          ['/string_ball/rules', 'pool.tabs.rules'],
          ['/guess_score', 'pool.tabs.luckySix'],
        ]
      : [
          ['/guess_score', 'pool.tabs.luckySix'],
          ['/string_ball/jackpot', 'pool.tabs.jackpot'],
        ];
  return (
    <nav className="pool-tabs" aria-label={t('pool.tabs.jackpot')}>
      {tabs.map(([to, key]) => (
        <NavLink
          key={to}
          to={to!}
          className={({ isActive }) => (isActive ? 'pool-tab pool-tab--on' : 'pool-tab')}
        >
          {t(key!)}
        </NavLink>
      ))}
    </nav>
  );
}

/**
 * A refusal code as the player's text (spec §8): the jackpot's own codes, else the site's shared text of
 * the code (a player's own protections, issue 23: `COOL_OFF`, `LIMIT_LOSS_DAY` with what is left, …),
 * never a raw code nor "no connection" for a refusal the server explained.
 */
const useCodeText = () => {
  const { t, i18n } = useTranslation();
  const sharedText = useSharedCodeText();
  return (code: string, details?: Readonly<Record<string, unknown>>) =>
    i18n.exists(`pool.codes.${code}`) ? t(`pool.codes.${code}`) : sharedText(code, details);
};

/** The ticket builder of an open issue. */
function TicketBuilder({ issue }: { readonly issue: PoolIssueFieldsFragment }) {
  const { t } = useTranslation();
  const client = useClient();
  const codeText = useCodeText();
  const token = useSessionToken();
  const machine = useMemo(
    () =>
      ticketBuilderMachine.provide({
        actors: {
          buy: fromPromise(async ({ input }: { input: BuyRequest }) => {
            const r = await client
              .mutation(PoolBuyTicketDocument, {
                input: {
                  requestId: input.requestId,
                  issueId: input.issueId,
                  stake: input.stake,
                  picks: input.picks.map((p) => ({ matchId: p.matchId, outcomes: [...p.outcomes] })),
                },
              })
              .toPromise();
            if (r.error || !r.data) {
              const details = r.error?.graphQLErrors[0]?.extensions?.['details'];
              throw {
                code: errorCodeOf(r.error) ?? undefined,
                details: details && typeof details === 'object' ? details : {},
              };
            }
            return { ticketId: r.data.buyPoolTicket.ticketId };
          }),
        },
      }),
    [client],
  );
  // One actor per builder, read with useSelector (on the first load already); @xstate/react's
  // useMachine would add itself to the player's first load (bench:web, 150 kB gzip).
  const [actor] = useState(() =>
    createActor(machine, {
      input: {
        issueId: issue.issueId,
        matchIds: issue.matches.map((m) => m.matchId),
        maxChoose: issue.maxChoose,
        betAmount: issue.betAmount,
      },
    }),
  );
  useEffect(() => {
    actor.start();
    return () => {
      actor.stop();
    };
  }, [actor]);
  const state = useSelector(actor, (snapshot) => snapshot);
  const send = actor.send;
  const c = state.context;
  const shape = shapeOf(c);
  const top = issue.tiers[0];
  const possible = complete(c) && top ? top.prizePerLineCeiling : 0;
  const tax = lineTax(possible, issue.betAmount, issue.taxRatePercent);
  const jackpot = issue.game === 'JACKPOT';
  const outcomes = jackpot ? JACKPOT_OUTCOMES : LUCKY_SIX_OUTCOMES;
  return (
    <section className="acc-card pool-builder" aria-label={issue.identifier}>
      <ol className="pool-grid">
        {issue.matches.map((m, i) => {
          const picked = c.picks[m.matchId] ?? [];
          return (
            <li key={m.matchId} className="pool-row" data-testid={`pool-row-${i}`}>
              <span className="pool-row__teams">
                <b>{i + 1}.</b> {m.home} – {m.away}
                <small> {formatEat(String(m.kickOff))}</small>
              </span>
              {jackpot ? (
                <span className="pool-row__picks">
                  {outcomes.map((o) => (
                    <button
                      key={o}
                      type="button"
                      className={picked.includes(o) ? 'pool-pick pool-pick--on' : 'pool-pick'}
                      aria-pressed={picked.includes(o)}
                      onClick={() => send({ type: 'TOGGLE', matchId: m.matchId, outcome: o })}
                      disabled={state.matches('buying')}
                    >
                      {o}
                    </button>
                  ))}
                </span>
              ) : (
                <select
                  aria-label={`${m.home} – ${m.away}`}
                  value={picked[0] ?? ''}
                  onChange={(e) => send({ type: 'TOGGLE', matchId: m.matchId, outcome: e.target.value })}
                >
                  <option value="" disabled>
                    –
                  </option>
                  {outcomes.map((o) => (
                    <option key={o} value={o}>
                      {o}
                    </option>
                  ))}
                </select>
              )}
            </li>
          );
        })}
      </ol>
      <dl className="pool-summary">
        {issue.maxChoose > 0 && (
          <div>
            <dt>{t('pool.doubles', { count: shape.doubles, max: issue.maxChoose })}</dt>
          </div>
        )}
        <div>
          <dt>{t('pool.lines')}</dt>
          <dd data-testid="pool-lines">{shape.lines}</dd>
        </div>
        <div>
          <dt>{t('pool.stake')}</dt>
          <dd data-testid="pool-stake">{formatTzs(shape.stake)}</dd>
        </div>
        <div>
          <dt>{t('pool.possible')}</dt>
          <dd>{formatTzs(possible - tax)}</dd>
        </div>
        <div>
          <dt>{t('pool.tax', { rate: issue.taxRatePercent })}</dt>
          <dd>{formatTzs(tax)}</dd>
        </div>
      </dl>
      {c.error && (
        <p className="pool-error" role="alert">
          {codeText(c.error, c.errorDetails)}
        </p>
      )}
      {state.matches('bought') ? (
        <p className="pool-done" role="status">
          {t('pool.bought')}{' '}
          <button type="button" onClick={() => send({ type: 'NEW_TICKET' })}>
            {t('pool.another')}
          </button>
        </p>
      ) : token ? (
        <div className="pool-actions">
          <button type="button" onClick={() => send({ type: 'CLEAR' })}>
            {t('pool.clear')}
          </button>
          <button
            type="button"
            className="pool-buy"
            disabled={state.matches('buying')}
            onClick={() => send({ type: 'BUY' })}
          >
            {state.matches('buying') ? t('pool.buying') : `${t('pool.buy')} · ${formatTzs(shape.stake)}`}
          </button>
        </div>
      ) : (
        <NavLink to="/login" className="pool-buy">
          {t('pool.loginToBuy')}
        </NavLink>
      )}
    </section>
  );
}

/** The pool and tiers of an issue, exactly as computed by the server. */
function PoolFigures({ issue }: { readonly issue: PoolIssueFieldsFragment }) {
  const { t } = useTranslation();
  return (
    <div className="pool-figures">
      {issue.game === 'JACKPOT' && (
        <p className="pool-banner" data-testid="pool-banner">
          {t('pool.banner', { amount: formatTzs(issue.displayedJackpot) })}
        </p>
      )}
      <p>
        {issue.identifier} · {t('pool.closes', { at: formatEat(String(issue.closesAt)) })}
      </p>
      <p>
        {t('pool.pool')}: <b data-testid="pool-amount">{formatTzs(issue.pool)}</b> · {t('pool.tickets')}:{' '}
        {issue.tickets}
      </p>
      <ul className="pool-tiers">
        {issue.tiers.map((tier) => (
          <li key={tier.hits}>
            {t('pool.tier', { hits: tier.hits })}:{' '}
            {tier.prizePerLine !== null && tier.prizePerLine !== undefined
              ? tier.winningLines
                ? `${t('pool.perLine', { amount: formatTzs(tier.prizePerLine) })} · ${t('pool.wonBy', { lines: tier.winningLines })}`
                : t('pool.noWinner')
              : t('pool.perLine', { amount: formatTzs(tier.prizePerLineCeiling) })}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The player's tickets of `game` with per-match hits and lines per tier (the live tracker). */
function MyTickets({ game }: { readonly game: PoolGame }) {
  const { t } = useTranslation();
  const token = useSessionToken();
  const [{ data }, refresh] = useQuery({
    query: PoolMyTicketsDocument,
    variables: { game },
    pause: !token,
    requestPolicy: 'cache-and-network',
  });
  const again = useMemo(() => () => refresh({ requestPolicy: 'network-only' }), [refresh]);
  useRefresh(again);
  if (!token) return null;
  const items = data?.myPoolTickets.items ?? [];
  return (
    <section className="pool-mine" aria-label={t('pool.mine.title')}>
      <h2>{t('pool.mine.title')}</h2>
      {items.length === 0 && <p>{t('pool.mine.empty')}</p>}
      {items.map((ticket) => (
        <article key={ticket.ticketId} className="acc-card pool-ticket" data-testid="pool-ticket">
          <header>
            <b>{ticket.identifier}</b> · {t(`pool.mine.status.${ticket.status}`)} · {t('pool.lines')}{' '}
            {ticket.lines} · {formatTzs(ticket.stake)}
          </header>
          <ol className="pool-hits">
            {ticket.matches.map((m) => (
              <li
                key={m.matchId}
                className={`pool-hit pool-hit--${m.hit.toLowerCase()}`}
                title={t(`pool.hit.${m.hit}`)}
              >
                {m.home} – {m.away}: {m.outcomes.join('/')}{' '}
                {m.result ? `→ ${m.result.void ? t('pool.void') : m.result.outcome}` : ''}
              </li>
            ))}
          </ol>
          {ticket.status === 'open' &&
            ticket.progress
              .filter((p) => p.linesPossible > 0)
              .map((p) => (
                <p key={p.hits} className="pool-progress">
                  {t('pool.mine.nowAt', { hits: p.hits, now: p.linesNow, possible: p.linesPossible })}
                </p>
              ))}
          {ticket.status === 'open' && (
            <p>
              {t('pool.mine.maxProfit')}: {formatTzs(ticket.maxProfit)}
            </p>
          )}
          {ticket.prize && ticket.prize.gross > 0 && (
            <p className="pool-prize">
              {t('pool.mine.prize', {
                gross: formatTzs(ticket.prize.gross),
                tax: formatTzs(ticket.prize.tax),
                net: formatTzs(ticket.prize.net),
              })}
              {ticket.prize.needsApproval && !ticket.prize.credited && ` · ${t('pool.mine.waiting')}`}
            </p>
          )}
          {ticket.refund !== null && ticket.refund !== undefined && (
            <p>{t('pool.mine.refund', { amount: formatTzs(ticket.refund) })}</p>
          )}
        </article>
      ))}
    </section>
  );
}

/** An open issue of `game` with its builder and the player's tickets. */
function GamePage({ game, titleKey }: { readonly game: PoolGame; readonly titleKey: string }) {
  const { t } = useTranslation();
  const title = usePageTitle(titleKey);
  const [{ data, fetching }, refresh] = useQuery({
    query: PoolOpenIssuesDocument,
    variables: { game },
    requestPolicy: 'cache-and-network',
  });
  const again = useMemo(() => () => refresh({ requestPolicy: 'network-only' }), [refresh]);
  useRefresh(again);
  const issue = data?.poolIssues[0];
  return (
    <main className="acc-page pool-page">
      <GameTabs game={game} />
      <h1>{title}</h1>
      {issue ? (
        <>
          <PoolFigures issue={issue} />
          <TicketBuilder key={issue.issueId} issue={issue} />
          <IssueStats issueId={issue.issueId} />
        </>
      ) : (
        !fetching && <p>{t('pool.noIssue')}</p>
      )}
      <MyTickets game={game} />
    </main>
  );
}

/** `/string_ball`: redirects to its child `/string_ball/jackpot` (spec §2). */
export function StringBallPage() {
  return <Navigate to="/string_ball/jackpot" replace />;
}

/** `/string_ball/jackpot`. */
export function JackpotPage() {
  return <GamePage game="JACKPOT" titleKey="pool.titles.jackpot" />;
}

/** `/guess_score` (Lucky Six). */
export function LuckySixPage() {
  return <GamePage game="LUCKY_SIX" titleKey="pool.titles.luckySix" />;
}

/** `/string_ball/results`: past issues with their results, winning lines and prizes. */
export function JackpotResultsPage() {
  const { t } = useTranslation();
  const title = usePageTitle('pool.titles.results');
  const [{ data }] = useQuery({
    query: PoolPastIssuesDocument,
    variables: { game: 'JACKPOT' },
    requestPolicy: 'cache-and-network',
  });
  const items = data?.poolResults.items ?? [];
  return (
    <main className="acc-page pool-page">
      <GameTabs game="JACKPOT" />
      <h1>{title}</h1>
      {items.length === 0 && <p>{t('pool.noResults')}</p>}
      {items.map((issue) => (
        <article key={issue.issueId} className="acc-card" data-testid="pool-result">
          <PoolFigures issue={issue} />
          <ol className="pool-hits">
            {issue.matches.map((m) => (
              <li key={m.matchId}>
                {m.home} – {m.away}:{' '}
                {m.result ? (m.result.void ? t('pool.void') : m.result.outcome) : t('pool.pending')}
              </li>
            ))}
          </ol>
          {issue.status === 'CLOSED' && <IssueStats issueId={issue.issueId} />}
          {issue.settlement && (
            <p>
              {t('pool.prizesPaid')}: {formatTzs(issue.settlement.prizesPaid)} · {t('pool.rolledOver')}:{' '}
              {formatTzs(issue.settlement.carryOver)}
            </p>
          )}
        </article>
      ))}
    </main>
  );
}

/** `/string_ball/rules`: generated from the type's terms and the tax rate in force. */
export function JackpotRulesPage() {
  const { t } = useTranslation();
  const title = usePageTitle('pool.titles.rules');
  const [{ data }] = useQuery({ query: PoolGameRulesDocument, variables: { game: 'JACKPOT' } });
  const r = data?.poolRules;
  return (
    <main className="acc-page pool-page">
      <GameTabs game="JACKPOT" />
      <h1>{title}</h1>
      {r && (
        <ul className="pool-rules">
          <li>{t('pool.rules.matches', { matches: r.matches })}</li>
          {r.maxDoubles > 0 && <li>{t('pool.rules.doubles', { max: r.maxDoubles, lines: r.maxLines })}</li>}
          <li>{t('pool.rules.stake', { amount: formatTzs(r.betAmount), max: formatTzs(r.maxStake) })}</li>
          <li>{t('pool.rules.close')}</li>
          <li>{t('pool.rules.pool', { share: r.poolSharePercent })}</li>
          {r.initJackpot > 0 && <li>{t('pool.rules.seed', { amount: formatTzs(r.initJackpot) })}</li>}
          <li>
            {t('pool.rules.tiers', { min: r.minPrizeHits })}
            <ul>
              {r.tiers.map((tier) => (
                <li key={tier.hits}>
                  {t('pool.rules.tierLine', {
                    hits: tier.hits,
                    share: t(`pool.rules.share.${tier.rewardType}`, {
                      value:
                        tier.rewardType === 'fixed' ? formatTzs(Number(tier.proportion)) : tier.proportion,
                    }),
                  })}
                </li>
              ))}
            </ul>
          </li>
          <li>{t('pool.rules.rollover')}</li>
          <li>{t('pool.rules.void', { hours: r.voidAfterHours, max: r.maxVoid })}</li>
          <li>{t('pool.rules.tax', { rate: r.taxRatePercent })}</li>
          <li>{t('pool.rules.approval', { amount: formatTzs(r.maxAddBalance) })}</li>
          {r.incentives && <li>{r.incentives}</li>}
        </ul>
      )}
    </main>
  );
}
