/**
 * React hooks of the match screens: pages of matches (spec §9 page size 10; the home cool-down and
 * the "one request at a time" rule of spec §4 "Loading flags"), live updates through `watchMatches`
 * (spec §4 monitoring / update_match_odds) and the betslip's chosen selections.
 */
import { useSelector } from '@xstate/react';
import type { Client } from '@urql/core';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useServices } from '../app/services.tsx';
import { MatchesLiveListDocument, MatchesWatchDocument } from '../graphql/generated.ts';
import type { BetslipActor } from '../betslip/BetslipPanel.tsx';
import { EMPTY_LIVE, foldLive, type LiveState, type Match } from './model.ts';

/** A page of matches as the API answers it. */
export interface MatchPage {
  readonly content: readonly Match[];
  readonly page: number;
  readonly pageSize: number;
  readonly count: number;
}

/** A loader of one page (1-based). */
export type PageLoader = (client: Client, page: number) => Promise<MatchPage>;

/** Rejects on an error answer; the data otherwise. */
export const dataOf = <T>(result: { data?: T | undefined; error?: unknown }): T => {
  if (result.error) throw result.error;
  if (result.data === undefined) throw new Error('no data');
  return result.data;
};

interface PagedState {
  readonly items: readonly Match[];
  readonly page: number;
  readonly count: number;
  readonly loading: boolean;
  readonly failed: boolean;
}

const START: PagedState = { items: [], page: 0, count: 0, loading: true, failed: false };

/**
 * The matches of a list, page by page (`more()` appends the next). `key` names the list: a new key
 * starts over. A request while one is loading is ignored (spec §4 "Loading flags"); the loading flag
 * is cleared 500 ms after the answer (spec §9 home fetch cool-down).
 */
export const usePagedMatches = (load: PageLoader, key: string) => {
  const { api } = useServices();
  const [state, setState] = useState<PagedState>(START);
  const busy = useRef(false);
  const generation = useRef(0);
  /** The rows shown, for the next page's answer to be merged with synchronously. */
  const itemsRef = useRef<readonly Match[]>([]);
  const loadRef = useRef(load);
  loadRef.current = load;

  const fetchPage = useCallback(
    (page: number, startOver: boolean) => {
      let replace = startOver;
      if (busy.current && !replace) return;
      busy.current = true;
      const mine = ++generation.current;
      setState((s) => ({ ...s, loading: true, failed: false }));
      loadRef
        .current(api.client, page)
        .then(
          (answer) => {
            if (mine !== generation.current) return;
            // A loader that reset to page 1 (spec §4 keyword search: an empty later page) starts the list over.
            if (!replace && answer.page < page) replace = true;
            // The list moves while it is read (matches start and end), so a page can hold only rows
            // already shown: then read on to the next one rather than leave "load more" doing nothing.
            const seen = new Set(replace ? [] : itemsRef.current.map((m) => m.id));
            const fresh = answer.content.filter((m) => !seen.has(m.id));
            const readOn = !replace && fresh.length === 0 && answer.content.length > 0 && page < 50;
            const items = [...(replace ? [] : itemsRef.current), ...fresh];
            itemsRef.current = items;
            // Still "loading" until the cool-down below ends: the "load more" button stays disabled
            // rather than ignoring a tap (spec §9 home fetch cool-down).
            setState({ items, page: answer.page, count: answer.count, loading: true, failed: false });
            if (readOn && items.length < answer.count) {
              busy.current = false;
              fetchPage(page + 1, false);
            }
          },
          () => {
            if (mine !== generation.current) return;
            setState((s) => ({ ...s, loading: false, failed: true }));
          },
        )
        .finally(() => {
          if (mine !== generation.current) return;
          setTimeout(() => {
            if (mine !== generation.current) return;
            busy.current = false;
            setState((s) => (s.loading ? { ...s, loading: false } : s));
          }, 500);
        });
    },
    [api.client],
  );

  // Only a new key starts over: effects also re-run when a kept-alive page (the home page in its
  // <Activity>) is shown again, and that must keep the list it had.
  const loadedKey = useRef<string | null>(null);
  useEffect(() => {
    if (loadedKey.current === key) return;
    loadedKey.current = key;
    setState(START);
    itemsRef.current = [];
    busy.current = false;
    fetchPage(1, true);
  }, [key, fetchPage]);

  return {
    ...state,
    hasMore: state.items.length < state.count,
    more: () => fetchPage(state.page + 1, false),
    reload: () => fetchPage(1, true),
  };
};

/** Ids to watch: distinct, sorted (a stable subscription key), at most 200 (the server's limit). */
export const watchIds = (ids: readonly string[]): readonly string[] => [...new Set(ids)].sort().slice(0, 200);

/**
 * Live odds, status and score of the given matches (`watchMatches`), folded into a {@link LiveState}.
 * The subscription follows the set of ids; the state collected so far is kept across changes of it.
 * With `liveList`, status changes of every in-play match (`liveMatchList`) are folded in too.
 */
export const useLiveState = (ids: readonly string[], liveList = false): LiveState => {
  const { api } = useServices();
  const [live, setLive] = useState<LiveState>(EMPTY_LIVE);
  const key = watchIds(ids).join(',');
  useEffect(() => {
    if (!key) return;
    const { unsubscribe } = api.client
      .subscription(MatchesWatchDocument, { matchIds: key.split(',') })
      .subscribe((result) => {
        const update = result.data?.watchMatches;
        if (update) setLive((s) => foldLive(s, update));
      });
    return unsubscribe;
  }, [api.client, key]);
  useEffect(() => {
    if (!liveList) return;
    const { unsubscribe } = api.client.subscription(MatchesLiveListDocument, {}).subscribe((result) => {
      const update = result.data?.liveMatchList;
      if (update) setLive((s) => foldLive(s, { matches: update.matches }));
    });
    return unsubscribe;
  }, [api.client, liveList]);
  return live;
};

/** The selection ids on the betslip, as a set that changes only when the ids do. */
export const useSlipSelections = (betslip: BetslipActor): ReadonlySet<string> => {
  const joined = useSelector(betslip, (s) => s.context.items.map((i) => i.selectionId).join('|'));
  return useMemo(() => new Set(joined ? joined.split('|') : []), [joined]);
};
