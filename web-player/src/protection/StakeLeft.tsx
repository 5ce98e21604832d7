/**
 * The betslip's "you can stake TZS X more today under your limits" (issue 23;
 * docs/responsible-gambling.md "On the player site"): what the logged-in player's own limits still allow
 * on one bet now (`myStakeLeft`: the least room of the per-bet, daily stake and loss limits; 0 while
 * cooling off, excluded or past the session limit); nothing without a limit. Asked again whenever the
 * slip's balance or notice changes (a bet placed, or refused by a limit: the line then says what is
 * left). Loaded on demand with the reality check (`RealityCheckHost`), it renders into the betslip's
 * empty `#betslip-room` slot, so that the site's first load carries only that slot.
 */
import { useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { useClient } from 'urql';
import { formatTzs } from '@bashiri/web-shared';
import { useServices } from '../app/services.tsx';
import { loadFeatureTexts } from '../i18n/site.ts';
import { STAKE_LEFT } from './documents.ts';

/** The id of the betslip's slot for the line (BetslipPanel.tsx). */
export const STAKE_LEFT_SLOT = 'betslip-room';

/** The line in the betslip's slot (nothing until known, or without limits). */
export default function StakeLeft() {
  const { t, i18n } = useTranslation();
  const client = useClient();
  const { betslip } = useServices();
  const balance = useSelector(betslip, (s) => s.context.account.balance);
  const notice = useSelector(betslip, (s) => s.context.notice?.code ?? null);
  const [left, setLeft] = useState<number | null>(null);
  const [slot, setSlot] = useState<HTMLElement | null>(null);
  useEffect(() => {
    let live = true;
    void Promise.all([
      client.query(STAKE_LEFT, {}, { requestPolicy: 'network-only' }).toPromise(),
      loadFeatureTexts(i18n),
    ]).then(([r]) => {
      if (!live) return;
      // the slot as the panel renders it now (found again each time: the panel may have re-mounted)
      setSlot(document.getElementById(STAKE_LEFT_SLOT));
      setLeft(r.data?.myStakeLeft ?? null);
    });
    return () => {
      live = false;
    };
  }, [client, i18n, balance, notice]);
  return slot && left !== null
    ? createPortal(
        <p className="betslip__limits" data-testid="stake-left">
          {t('protection.stakeLeft', { amount: formatTzs(left) })}
        </p>,
        slot,
      )
    : null;
}
