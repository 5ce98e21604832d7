/**
 * The header (spec §2 Layout): logo, quick login (phone + password) with register and reset-password
 * links for visitors, language switch, keyword search on Enter (→ `/search_result?key_word=`), balance
 * dropdown and recharge button for players, betslip counter, East Africa Time clock; the nav bar below
 * it (fixed by the layout after 99 px of scroll). On narrow screens a compact top bar with the menu and
 * betslip buttons and a bottom bar; CSS chooses which shows (layout.css, 960 px).
 */
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useLocation, useNavigate } from 'react-router';
import { formatTzs } from '@bashiri/web-shared';
import { LANGUAGES, type Language } from '@bashiri/web-shared';
import { eatClock } from '../matches/model.ts';
import { searchKeyword, searchPath } from '../matches/search.ts';
import { Icon } from './icons.tsx';

/** Endonyms of the language switch (the same in every language). */
const LANGUAGE_NAMES: Readonly<Record<Language, string>> = {
  sw: 'Kiswahili',
  'en-US': 'English',
  'zh-CN': '中文',
};

/** What the header shows and does; the layout wires it to the session, wallet and betslip. */
export interface HeaderProps {
  readonly loggedIn: boolean;
  readonly balance: number;
  /** TZS of withdrawals in flight, already out of the balance (issue 16 item 8); 0 when none. */
  readonly reserved?: number;
  readonly credit: number;
  readonly slipCount: number;
  /** Unread internal messages (the badge; spec §2 header). */
  readonly unread?: number;
  readonly onOpenMenu: () => void;
  readonly onOpenSlip: () => void;
  /** Logs in; answers null on success or the error code to show. */
  readonly onLogin: (phone: string, password: string) => Promise<string | null>;
  readonly onLogout: () => void;
  /** Fixed nav bar (scrolled past 99 px). */
  readonly navFixed?: boolean;
  /** Clock source (stories pin it). */
  readonly now?: () => number;
}

/** The East Africa Time clock, ticking every second (spec §9). */
export function Clock({ now = Date.now }: { readonly now?: () => number }) {
  const { t } = useTranslation();
  const [time, setTime] = useState(() => eatClock(now()));
  useEffect(() => {
    const timer = setInterval(() => setTime(eatClock(now())), 1000);
    return () => clearInterval(timer);
  }, [now]);
  return (
    <time className="clock" title={t('layout.clock')}>
      {time} EAT
    </time>
  );
}

/** The visitor's phone + password form. */
function QuickLogin({ onLogin }: Pick<HeaderProps, 'onLogin'>) {
  const { t } = useTranslation();
  const [phone, setPhone] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!phone.trim()) return setError('messages.phoneMissing');
    if (!password) return setError('messages.passwordMissing');
    setBusy(true);
    void onLogin(phone.trim(), password).then((code) => {
      setBusy(false);
      setError(code === null ? null : code === 'LOGIN_FAILED' ? 'layout.loginFailed' : `codes.${code}`);
      if (code === null) setPassword('');
    });
  };
  return (
    <form className="quick-login" onSubmit={submit}>
      <input
        name="phone"
        type="tel"
        autoComplete="tel"
        placeholder={t('layout.phone')}
        aria-label={t('layout.phone')}
        value={phone}
        onChange={(e) => setPhone(e.target.value)}
      />
      <input
        name="password"
        type="password"
        autoComplete="current-password"
        placeholder={t('layout.password')}
        aria-label={t('layout.password')}
        value={password}
        onChange={(e) => setPassword(e.target.value)}
      />
      <button type="submit" className="btn btn--primary" disabled={busy}>
        {t('layout.login')}
      </button>
      <Link to="/register" className="btn btn--accent">
        {t('layout.register')}
      </Link>
      <Link to="/min_retrieve_password" className="quick-login__forgot">
        {t('layout.forgotPassword')}
      </Link>
      {error && (
        <p className="quick-login__error" role="alert">
          {t(error)}
        </p>
      )}
    </form>
  );
}

/** The player's balance with the dropdown of account links. */
export function BalanceMenu({
  balance,
  credit,
  reserved = 0,
  onLogout,
}: Pick<HeaderProps, 'balance' | 'credit' | 'reserved' | 'onLogout'>) {
  const { t } = useTranslation();
  return (
    <details className="balance">
      <summary>
        <span className="balance__label">{t('layout.balance')}</span>
        <strong className="balance__amount" data-testid="balance">
          TZS {formatTzs(balance)}
        </strong>
        {/* Credit money (free bets, spec §3 User credit_money) next to the balance when the player has any. */}
        {credit > 0 && (
          <span className="balance__credit" data-testid="credit" title={t('layout.credit')}>
            +{formatTzs(credit)} {t('layout.creditShort')}
          </span>
        )}
      </summary>
      <div className="balance__menu">
        <p>
          {t('layout.balance')}: <strong>TZS {formatTzs(balance)}</strong>
        </p>
        <p>
          {t('layout.credit')}: <strong>TZS {formatTzs(credit)}</strong>
        </p>
        {/* A pending withdrawal: not in the balance above, not spendable, shown so the player sees
            where it is (issue 16 item 8). */}
        {reserved > 0 && (
          <p className="balance__reserved" data-testid="reserved">
            {t('layout.reserved')}: <strong>TZS {formatTzs(reserved)}</strong>
          </p>
        )}
        <Link to="/pay_recharge">{t('layout.recharge')}</Link>
        <Link to="/user_withdraw">{t('layout.withdraw')}</Link>
        <Link to="/user_bill?type=1">{t('layout.bills')}</Link>
        <Link to="/order">{t('layout.myBets')}</Link>
        <Link to="/user_info">{t('layout.profile')}</Link>
        <button type="button" className="link" onClick={onLogout}>
          {t('layout.logout')}
        </button>
      </div>
    </details>
  );
}

/** The language switch. */
export function LanguageSwitch({ className = '' }: { readonly className?: string }) {
  const { t, i18n } = useTranslation();
  return (
    <select
      className={`language ${className}`}
      aria-label={t('layout.language')}
      value={i18n.language}
      onChange={(e) => void i18n.changeLanguage(e.target.value)}
    >
      {LANGUAGES.map((l) => (
        <option key={l} value={l}>
          {LANGUAGE_NAMES[l]}
        </option>
      ))}
    </select>
  );
}

/**
 * Keyword search: Enter goes to `/search_result?key_word=` (spec §2 route table; trimmed, spec §5). The
 * box keeps the trimmed query, and shows the one of the results page being read.
 */
export function Search({ className }: { readonly className?: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const [keyword, setKeyword] = useState('');
  const shown =
    location.pathname === '/search_result' ? searchKeyword(new URLSearchParams(location.search)) : null;
  useEffect(() => {
    if (shown !== null) setKeyword(shown);
  }, [shown]);
  return (
    <form
      className={`search ${className ?? ''}`}
      role="search"
      onSubmit={(e) => {
        e.preventDefault();
        const path = searchPath(keyword);
        setKeyword(keyword.trim());
        if (path) void navigate(path);
      }}
    >
      <input
        type="search"
        enterKeyHint="search"
        placeholder={t('layout.search')}
        aria-label={t('layout.search')}
        value={keyword}
        onChange={(e) => setKeyword(e.target.value)}
      />
    </form>
  );
}

/** The betslip counter badge button. */
function SlipButton({ count, onOpenSlip }: { readonly count: number; readonly onOpenSlip: () => void }) {
  const { t } = useTranslation();
  return (
    <button type="button" className="slip-button" onClick={onOpenSlip} aria-label={t('layout.betslip')}>
      <Icon name="ticket" size={24} />
      <span className="badge" data-testid="slip-count">
        {count}
      </span>
    </button>
  );
}

/** The header and nav bar. */
export function Header(props: HeaderProps) {
  const { t } = useTranslation();
  const [searchOpen, setSearchOpen] = useState(false);
  const { loggedIn, balance, credit, reserved, slipCount, onOpenMenu, onOpenSlip, onLogin, onLogout } = props;
  return (
    <header className="header">
      <div className="topbar">
        <button
          type="button"
          className="icon-button narrow-only"
          onClick={onOpenMenu}
          aria-label={t('layout.menu')}
        >
          <Icon name="menu" size={24} />
        </button>
        <Link to="/home" className="logo">
          Bashiri
        </Link>
        <Search className="wide-only" />
        <div className="topbar__right">
          {loggedIn ? (
            <>
              <Link to="/message" className="messages" aria-label={t('layout.messages')}>
                <Icon name="mail" size={22} />
                {(props.unread ?? 0) > 0 && (
                  <span className="badge" data-testid="unread">
                    {props.unread}
                  </span>
                )}
              </Link>
              <BalanceMenu balance={balance} credit={credit} reserved={reserved ?? 0} onLogout={onLogout} />
              <Link to="/pay_recharge" className="btn btn--accent topup" aria-label={t('layout.recharge')}>
                <span className="wide-only">{t('layout.recharge')}</span>
                <span className="narrow-only" aria-hidden="true">
                  +
                </span>
              </Link>
            </>
          ) : (
            <>
              <div className="wide-only">
                <QuickLogin onLogin={onLogin} />
              </div>
              <Link to="/login" className="btn btn--primary narrow-only">
                {t('layout.login')}
              </Link>
              <Link to="/register" className="btn btn--accent narrow-only">
                {t('layout.register')}
              </Link>
            </>
          )}
          <LanguageSwitch className="wide-only" />
          <button
            type="button"
            className="icon-button narrow-only"
            aria-label={t('layout.search')}
            aria-expanded={searchOpen}
            onClick={() => setSearchOpen((o) => !o)}
          >
            <Icon name="search" size={22} />
          </button>
          <span className="narrow-only">
            <SlipButton count={slipCount} onOpenSlip={onOpenSlip} />
          </span>
        </div>
      </div>
      {searchOpen && <Search className="narrow-only searchbar" />}
      <nav className={props.navFixed ? 'nav is-fixed' : 'nav'}>
        <NavLink to="/home">{t('layout.nav.home')}</NavLink>
        <NavLink to="/ready_start">{t('layout.nav.upcoming')}</NavLink>
        <NavLink to="/rolling_ball">{t('layout.nav.live')}</NavLink>
        <NavLink to="/results">{t('layout.nav.results')}</NavLink>
        <NavLink to="/racing_car/racing">{t('layout.nav.racing')}</NavLink>
        <NavLink to="/casino">{t('layout.nav.casino')}</NavLink>
        <Clock now={props.now} />
      </nav>
    </header>
  );
}

/** The bottom bar of narrow screens (spec §2): sports menu, betslip with count, my bets or join, account. */
export function BottomBar({
  loggedIn,
  slipCount,
  onOpenMenu,
  onOpenSlip,
}: Pick<HeaderProps, 'loggedIn' | 'slipCount' | 'onOpenMenu' | 'onOpenSlip'>) {
  const { t } = useTranslation();
  return (
    <nav className="bottombar narrow-only">
      <button type="button" onClick={onOpenMenu}>
        <Icon name="ball" />
        {t('layout.nav.sports')}
      </button>
      <button type="button" onClick={onOpenSlip} className="bottombar__slip">
        <span className="badge">{slipCount}</span>
        {t('layout.betslip')}
      </button>
      <Link to={loggedIn ? '/order' : '/register'}>
        <Icon name="list" />
        {loggedIn ? t('layout.myBets') : t('layout.register')}
      </Link>
      <Link to={loggedIn ? '/user_info' : '/login'}>
        <Icon name="user" />
        {loggedIn ? t('layout.account') : t('layout.login')}
      </Link>
    </nav>
  );
}
