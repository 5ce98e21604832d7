/**
 * `/user_bill` (spec §2 Bills: query type 1 = balance, 2 = credit; §4 bill types 1–17, 22–25 as read in
 * domain `bill-types.ts`; §9 page size 10). Newest first, amounts signed, balance after each movement.
 * Winnings show their gross and the tax withheld; a cash-out's credit (bill type 1) is titled as a
 * cash-out, with the value paid and its tax (docs/cash-out.md §4).
 */
import { useTranslation } from 'react-i18next';
import './account.css';
import { useSearchParams } from 'react-router';
import { useQuery } from 'urql';
import { AccountMyBillsDocument, type BillPocket } from '../graphql/generated.ts';
import { formatTzs } from '@bashiri/web-shared';
import { formatEat, Notice, Pager, refusalOf, useCodeText, usePageTitle } from './common.tsx';

/** Bill type codes that have a label (every code of domain `BillType`). */
export const BILL_TYPE_CODES = [
  1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 22, 23, 24, 25,
] as const;

/**
 * Remarks the server writes for its own movements (domain wallet `decide.ts`: stake, payout, deposit,
 * withdrawal): internal words, not texts for players; the bill type already says what they are.
 */
const MACHINE_REMARKS: ReadonlySet<string> = new Set(['stake', 'payout', 'deposit', 'withdrawal']);

/** `/user_bill`. */
export function BillsPage() {
  const { t } = useTranslation();
  const title = usePageTitle('titles.user_bill');
  const codeText = useCodeText();
  const [params, setParams] = useSearchParams();
  const pocket: BillPocket = params.get('type') === '2' ? 'CREDIT' : 'BALANCE';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [{ data, error, fetching }] = useQuery({
    query: AccountMyBillsDocument,
    variables: { pocket, page },
    requestPolicy: 'cache-and-network',
  });
  const refusal = refusalOf(error);
  const bills = data?.myBills;
  const billTypeText = (code: number) =>
    (BILL_TYPE_CODES as readonly number[]).includes(code) ? t(`account.billType.${code}`) : String(code);
  return (
    <section className="acc-page">
      <h1>{title}</h1>
      <div className="acc-tabs" role="tablist">
        {(['1', '2'] as const).map((type) => (
          <button
            key={type}
            type="button"
            role="tab"
            aria-selected={(pocket === 'CREDIT') === (type === '2')}
            className={(pocket === 'CREDIT') === (type === '2') ? 'is-active' : ''}
            onClick={() => setParams({ type })}
          >
            {t(type === '1' ? 'account.bills.balance' : 'account.bills.credit')}
          </button>
        ))}
      </div>
      {refusal ? <Notice kind="error">{codeText(refusal.code)}</Notice> : null}
      {!bills && fetching ? <p className="acc-muted">{t('account.loading')}</p> : null}
      {bills && bills.items.length === 0 ? <p className="acc-empty">{t('account.bills.empty')}</p> : null}
      <ul className="acc-list">
        {bills?.items.map((bill) => (
          <li key={bill.id} className="acc-row">
            <div className="acc-row__main">
              {/* A cash-out is paid as bill type 1 (bet result): named as what it was, not a win. */}
              <div className="acc-row__title">
                {bill.cashOut ? t('account.bills.cashOut') : billTypeText(bill.billType)}
              </div>
              <div className="acc-row__sub">
                {formatEat(bill.at)}
                {bill.remark && !MACHINE_REMARKS.has(bill.remark) ? ` · ${bill.remark}` : ''}
              </div>
              {bill.tax != null && bill.gross != null ? (
                <div className="acc-row__sub acc-row__tax">
                  {t(bill.cashOut ? 'account.bills.cashOutTax' : 'account.bills.winTax', {
                    gross: formatTzs(bill.gross),
                    tax: formatTzs(bill.tax),
                  })}
                </div>
              ) : null}
            </div>
            <div className="acc-row__side">
              <div className={bill.amount < 0 ? 'acc-amount acc-amount--out' : 'acc-amount acc-amount--in'}>
                {bill.amount > 0 ? '+' : ''}
                {formatTzs(bill.amount)}
              </div>
              <div className="acc-row__sub">
                {t('account.bills.after', { amount: formatTzs(bill.balanceAfter) })}
              </div>
            </div>
          </li>
        ))}
      </ul>
      {bills ? (
        <Pager
          page={bills.page}
          pageSize={bills.pageSize}
          total={bills.total}
          onPage={(p) => setParams({ type: pocket === 'CREDIT' ? '2' : '1', page: String(p) })}
        />
      ) : null}
    </section>
  );
}
