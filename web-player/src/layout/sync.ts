/**
 * What the layout keeps in step with the server for everything below it (spec §4 "Session", "Betslip",
 * "Betting pause"): the player's wallet (query + `myWallet` subscription) into the betslip's account,
 * the bet configuration into the slip, the betting pause (query every 10 s + subscription), the live
 * odds and status of the slip's matches (`watchMatches` → `LIVE_UPDATE`), and the session itself
 * (`me: null` or UNAUTHENTICATED clears it).
 */
import { useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { useServices, useSessionToken } from '../app/services.tsx';
import {
  BetslipConfigDocument,
  LayoutBettingPauseChangedDocument,
  LayoutBettingPauseDocument,
  LayoutUnreadMessagesChangedDocument,
  LayoutUnreadMessagesDocument,
  MatchesWatchDocument,
  MeDocument,
  MyWalletChangedDocument,
  MyWalletDocument,
} from '../graphql/generated.ts';
import { errorCodeOf } from '@bashiri/web-shared';
import { watchIds } from '../matches/hooks.ts';

/** Spec §9: the no-bet check runs every 10 s (the subscription pushes changes in between). */
export const PAUSE_CHECK_MS = 10_000;

/** Feeds the wallet of the logged-in player to the betslip (visitor when logged out). */
export const useAccountSync = (): void => {
  const { api, betslip, session } = useServices();
  const token = useSessionToken();
  useEffect(() => {
    if (!token) {
      betslip.send({ type: 'SET_ACCOUNT', account: { loggedIn: false, balance: 0, credit: 0 } });
      return;
    }
    const toAccount = (w: { balance: number; creditMoney: number; reserved?: number }) =>
      betslip.send({
        type: 'SET_ACCOUNT',
        account: { loggedIn: true, balance: w.balance, credit: w.creditMoney, reserved: w.reserved ?? 0 },
      });
    let live = true;
    void api.client
      .query(MeDocument, {}, { requestPolicy: 'network-only' })
      .toPromise()
      .then((r) => {
        if (!live) return;
        if (errorCodeOf(r.error) === 'UNAUTHENTICATED' || (r.data && r.data.me === null)) session.clear();
      });
    void api.client
      .query(MyWalletDocument, {}, { requestPolicy: 'network-only' })
      .toPromise()
      .then((r) => {
        if (live && r.data) toAccount(r.data.myWallet);
      });
    const { unsubscribe } = api.client.subscription(MyWalletChangedDocument, {}).subscribe((r) => {
      if (r.data) toAccount(r.data.myWallet);
    });
    return () => {
      live = false;
      unsubscribe();
    };
  }, [api.client, betslip, session, token]);
};

/** Loads the bet configuration into the slip (a failure is only logged, spec §8). */
export const useBetConfigSync = (): void => {
  const { api, betslip } = useServices();
  useEffect(() => {
    void api.client
      .query(BetslipConfigDocument, {}, { requestPolicy: 'network-only' })
      .toPromise()
      .then((r) => {
        if (r.data) betslip.send({ type: 'SET_CONFIG', config: r.data.betConfig });
        else if (r.error) console.warn('betConfig', r.error.message);
      });
  }, [api.client, betslip]);
};

/** The betting pause (spec §4): null until known; fed to the slip too. */
export const useBettingPause = (): { readonly paused: boolean; readonly prompt: string } | null => {
  const { api, betslip } = useServices();
  const [pause, setPause] = useState<{ paused: boolean; prompt: string } | null>(null);
  useEffect(() => {
    const apply = (p: { paused: boolean; prompt: string }) => {
      setPause((old) => (old && old.paused === p.paused && old.prompt === p.prompt ? old : p));
      betslip.send({ type: 'SET_BETTING_PAUSE', paused: p.paused });
    };
    const check = () =>
      void api.client
        .query(LayoutBettingPauseDocument, {}, { requestPolicy: 'network-only' })
        .toPromise()
        .then((r) => r.data && apply(r.data.bettingPause));
    check();
    const timer = setInterval(check, PAUSE_CHECK_MS);
    const { unsubscribe } = api.client.subscription(LayoutBettingPauseChangedDocument, {}).subscribe((r) => {
      if (r.data) apply(r.data.bettingPause);
    });
    return () => {
      clearInterval(timer);
      unsubscribe();
    };
  }, [api.client, betslip]);
  return pause;
};

/** Live odds and status of the slip's matches (spec §4 monitoring → the machine's `LIVE_UPDATE`). */
export const useSlipLiveSync = (): void => {
  const { api, betslip } = useServices();
  const key = useSelector(betslip, (s) => watchIds(s.context.items.map((i) => i.matchId)).join(','));
  useEffect(() => {
    if (!key) return;
    const { unsubscribe } = api.client
      .subscription(MatchesWatchDocument, { matchIds: key.split(',') })
      .subscribe((r) => {
        const update = r.data?.watchMatches;
        if (update) betslip.send({ type: 'LIVE_UPDATE', update });
      });
    return unsubscribe;
  }, [api.client, betslip, key]);
};

/**
 * The player's unread message count for the header badge (content module: `unreadMessageCount` query,
 * then the subscription of the same name after every change); 0 for a visitor.
 */
export const useUnreadMessages = (): number => {
  const { api } = useServices();
  const token = useSessionToken();
  const [unread, setUnread] = useState(0);
  useEffect(() => {
    setUnread(0);
    if (!token) return;
    let live = true;
    void api.client
      .query(LayoutUnreadMessagesDocument, {}, { requestPolicy: 'network-only' })
      .toPromise()
      .then((r) => {
        if (live && r.data) setUnread(r.data.unreadMessageCount);
      });
    const { unsubscribe } = api.client
      .subscription(LayoutUnreadMessagesChangedDocument, {})
      .subscribe((r) => {
        if (r.data) setUnread(r.data.unreadMessageCount);
      });
    return () => {
      live = false;
      unsubscribe();
    };
  }, [api.client, token]);
  return unread;
};
