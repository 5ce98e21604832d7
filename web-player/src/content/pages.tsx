/**
 * Content pages of the player site (spec §2; server module `content`, docs/content.md):
 * `/message` internal messages (unread first marked, tap to read, mark all read), `/rich_text?type=`
 * or `?slug=` a rich-text page, `/artcol?type=14` documents (rules), `/help` the help page with the
 * contact list and customer-service numbers, `/SMS` a message to customer service (spec §5 "Message
 * board content is required"), `/promotion` the promotions list (banner type 19 and articles),
 * `/privacy_policy`. Texts come in the player's language; the server's `html` is already escaped
 * (every character, only headings, paragraphs, lists, bold and links rebuilt), so it is shown as is.
 */
import { JUMP_TYPE } from '@bashiri/domain';
import { useState, type FormEvent } from 'react';
import '../account/account.css';
import './content.css';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useMutation, useQuery } from 'urql';
import {
  Field,
  formatEat,
  Notice,
  Pager,
  refusalOf,
  useCodeText,
  usePageTitle,
  type Refusal,
} from '../account/common.tsx';
import {
  ContentClickRotationDocument,
  ContentDocumentsDocument,
  ContentHelpDocument,
  ContentMarkAllMessagesReadDocument,
  ContentMarkMessageReadDocument,
  ContentMessagesDocument,
  ContentPostBoardMessageDocument,
  ContentPromotionsDocument,
  ContentRichTextDocument,
} from './generated.ts';
import { useSessionToken } from '../app/services.tsx';

/** Server-made safe HTML (content module `html` fields). */
function SafeHtml({ html }: { readonly html: string }) {
  return <div className="acc-richtext" dangerouslySetInnerHTML={{ __html: html }} />;
}

/** A loading / failure / empty line for a query. */
function QueryState({
  fetching,
  error,
  empty,
}: {
  readonly fetching: boolean;
  readonly error: Refusal | null;
  readonly empty: boolean;
}) {
  const { t } = useTranslation();
  const codeText = useCodeText();
  if (error) return <Notice kind="error">{codeText(error.code)}</Notice>;
  if (fetching && empty) return <p className="acc-muted">{t('content.loading')}</p>;
  if (empty) return <p className="acc-empty">{t('messages.noData')}</p>;
  return null;
}

/** `/message`: the player's internal messages, newest first, 10 a page. */
export function MessagesPage() {
  const { t } = useTranslation();
  const title = usePageTitle('titles.message');
  const codeText = useCodeText();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [open, setOpen] = useState<string | null>(null);
  const [{ data, error, fetching }, refetch] = useQuery({
    query: ContentMessagesDocument,
    variables: { page },
    requestPolicy: 'cache-and-network',
  });
  const [markOne, markRead] = useMutation(ContentMarkMessageReadDocument);
  const [markAll, markAllRead] = useMutation(ContentMarkAllMessagesReadDocument);
  const [failure, setFailure] = useState<Refusal | null>(null);
  const messages = data?.myMessages;
  const toggle = async (id: string, read: boolean) => {
    setOpen((current) => (current === id ? null : id));
    if (read) return;
    const result = await markRead({ id });
    setFailure(refusalOf(result.error));
    if (!result.error) refetch({ requestPolicy: 'network-only' });
  };
  const readAll = async () => {
    const result = await markAllRead({});
    setFailure(refusalOf(result.error));
    if (!result.error) refetch({ requestPolicy: 'network-only' });
  };
  return (
    <section className="acc-page">
      <h1>{title}</h1>
      {messages && messages.unread > 0 ? (
        <div className="content-bar">
          <span>{t('content.messages.unread', { count: messages.unread })}</span>
          <button
            type="button"
            className="acc-link"
            disabled={markAll.fetching}
            onClick={() => void readAll()}
          >
            {t('content.messages.markAll')}
          </button>
        </div>
      ) : null}
      {failure ? <Notice kind="error">{codeText(failure.code)}</Notice> : null}
      <QueryState
        fetching={fetching}
        error={refusalOf(error)}
        empty={!messages || messages.content.length === 0}
      />
      <ul className="acc-list">
        {messages?.content.map((message) => (
          <li key={message.id}>
            <button
              type="button"
              className={`content-message${message.read ? '' : ' acc-unread'}`}
              aria-expanded={open === message.id}
              disabled={markOne.fetching && open !== message.id}
              onClick={() => void toggle(message.id, message.read)}
            >
              <span className="content-message__title">
                {message.read ? null : <span className="acc-dot" aria-label={t('content.messages.new')} />}
                {message.title}
              </span>
              <span className="acc-row__sub">{formatEat(message.sentAt)}</span>
            </button>
            {open === message.id ? (
              <div className="content-message__body">
                {message.body.split(/\n\s*\n/).map((paragraph, index) => (
                  <p key={index}>{paragraph}</p>
                ))}
              </div>
            ) : null}
          </li>
        ))}
      </ul>
      {messages ? (
        <Pager
          page={messages.page}
          pageSize={messages.pageSize}
          total={messages.count}
          onPage={(p) => setParams({ page: String(p) })}
        />
      ) : null}
    </section>
  );
}

/** A rich-text page by slug or type, in the player's language (server falls back to sw, en-US). */
function RichText({
  slug,
  type,
  titleKey,
}: {
  readonly slug?: string;
  readonly type?: number;
  readonly titleKey: string;
}) {
  const { i18n } = useTranslation();
  usePageTitle(titleKey);
  const [{ data, error, fetching }] = useQuery({
    query: ContentRichTextDocument,
    variables: { slug: slug ?? null, type: type ?? null, language: i18n.language },
  });
  const page = data?.richTextPage;
  return (
    <section className="acc-page">
      <QueryState fetching={fetching} error={refusalOf(error)} empty={!page} />
      {page ? (
        <article>
          <h1>{page.title}</h1>
          <SafeHtml html={page.html} />
        </article>
      ) : null}
    </section>
  );
}

/** `/rich_text?type=` (e.g. 8 string rewards, 33 responsible gambling) or `?slug=`. */
export function RichTextPage() {
  const [params] = useSearchParams();
  const slug = params.get('slug') ?? undefined;
  const typeNumber = Number(params.get('type'));
  const type = Number.isInteger(typeNumber) && typeNumber > 0 ? typeNumber : undefined;
  return (
    <RichText
      key={`${slug ?? ''}:${type ?? ''}`}
      {...(slug ? { slug } : type ? { type } : { slug: 'responsible-gambling' })}
      titleKey="titles.rich_text"
    />
  );
}

/** `/privacy_policy`. */
export function PrivacyPolicyPage() {
  return <RichText slug="privacy-policy" titleKey="titles.privacy_policy" />;
}

/** `/artcol?type=14`: documents (rules), each opened in place or as its file. */
export function DocumentsPage() {
  const { t, i18n } = useTranslation();
  const title = usePageTitle('titles.artcol');
  const [params] = useSearchParams();
  const typeNumber = Number(params.get('type'));
  const type = Number.isInteger(typeNumber) && typeNumber > 0 ? typeNumber : 14;
  const [open, setOpen] = useState<string | null>(null);
  const [{ data, error, fetching }] = useQuery({
    query: ContentDocumentsDocument,
    variables: { type, language: i18n.language },
  });
  const documents = data?.documents ?? [];
  return (
    <section className="acc-page">
      <h1>{title}</h1>
      <QueryState fetching={fetching} error={refusalOf(error)} empty={documents.length === 0} />
      <ul className="acc-list">
        {documents.map((document) => (
          <li key={document.id}>
            <button
              type="button"
              className="content-message"
              aria-expanded={open === document.id}
              onClick={() => setOpen((current) => (current === document.id ? null : document.id))}
            >
              <span className="content-message__title">{document.title}</span>
              <span className="acc-row__sub">{formatEat(document.updatedAt)}</span>
            </button>
            {open === document.id ? (
              <div className="content-message__body">
                {document.html ? <SafeHtml html={document.html} /> : null}
                {document.fileUrl ? (
                  <a className="acc-link" href={document.fileUrl} target="_blank" rel="noreferrer">
                    {t('content.documents.open')}
                  </a>
                ) : null}
              </div>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Digits of a phone-like text (`+255 700 000 101` → `255700000101`), or null when it is not one. */
const phoneDigits = (text: string): string | null => {
  const digits = text.replace(/[\s()+-]/g, '');
  return /^\d{9,15}$/.test(digits) ? digits : null;
};

/** A number as a call link. */
const callLink = (number: string) => <a href={`tel:${number.replace(/[\s()-]/g, '')}`}>{number}</a>;

/**
 * The contact list (rotation type 1), phone numbers as call links, then the customer-service numbers of
 * the site configuration that the list does not already show.
 */
function Contacts({
  numbers,
  contacts,
}: {
  readonly numbers: readonly string[];
  readonly contacts: readonly { id: string; title: string; note: string; link?: string | null }[];
}) {
  const { t } = useTranslation();
  const listed = new Set(contacts.map((contact) => phoneDigits(contact.note)).filter(Boolean));
  const extra = numbers.filter((number) => !listed.has(phoneDigits(number)));
  if (extra.length === 0 && contacts.length === 0) return null;
  return (
    <section className="acc-card">
      <h2>{t('content.help.contact')}</h2>
      <ul className="content-contacts">
        {contacts.map((contact) => (
          <li key={contact.id}>
            {contact.title ? `${contact.title}: ` : ''}
            {phoneDigits(contact.note) ? callLink(contact.note) : contact.note}
          </li>
        ))}
        {extra.map((number) => (
          <li key={number}>{callLink(number)}</li>
        ))}
      </ul>
    </section>
  );
}

/** `/help`: the help page, then how to reach customer service. */
export function HelpPage() {
  const { t, i18n } = useTranslation();
  const title = usePageTitle('titles.help');
  const [{ data, error, fetching }] = useQuery({
    query: ContentHelpDocument,
    variables: { language: i18n.language },
  });
  return (
    <section className="acc-page">
      <h1>{data?.richTextPage?.title ?? title}</h1>
      <QueryState fetching={fetching} error={refusalOf(error)} empty={!data} />
      {data?.richTextPage ? <SafeHtml html={data.richTextPage.html} /> : null}
      {data ? (
        <Contacts numbers={data.siteConfig.customerServiceNumbers} contacts={data.contactList} />
      ) : null}
      <p className="acc-alt">
        <Link to="/SMS">{t('content.sms.title')}</Link>
      </p>
    </section>
  );
}

/** `/SMS`: a message to customer service (visitors too; content required, at most 2000 characters). */
export function SmsPage() {
  const { t, i18n } = useTranslation();
  usePageTitle('content.sms.title');
  const codeText = useCodeText();
  const token = useSessionToken();
  const [{ data }] = useQuery({ query: ContentHelpDocument, variables: { language: i18n.language } });
  const [form, setForm] = useState({ name: '', phone: '', content: '' });
  const [error, setError] = useState<Refusal | null>(null);
  const [sent, setSent] = useState(false);
  const [{ fetching }, post] = useMutation(ContentPostBoardMessageDocument);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSent(false);
    if (!form.content.trim()) {
      setError({ code: 'TEXT_REQUIRED', field: 'content', details: {} });
      return;
    }
    setError(null);
    const result = await post({
      input: {
        content: form.content.trim(),
        ...(form.name.trim() ? { name: form.name.trim() } : {}),
        ...(form.phone.trim() ? { phone: form.phone.trim() } : {}),
      },
    });
    if (!result.data?.postBoardMessage) {
      setError(refusalOf(result.error) ?? { code: 'INTERNAL', field: null, details: {} });
      return;
    }
    setSent(true);
    setForm({ name: '', phone: '', content: '' });
  };
  return (
    <section className="acc-page acc-page--narrow">
      <h1>{t('content.sms.title')}</h1>
      <p className="acc-muted">{t('content.sms.intro')}</p>
      <form className="acc-form acc-card" onSubmit={(event) => void submit(event)} noValidate>
        {token ? null : (
          <>
            <Field id="sms-name" label={t('content.sms.name')}>
              <input
                id="sms-name"
                value={form.name}
                onChange={(e) => setForm((f) => ({ ...f, name: e.target.value }))}
              />
            </Field>
            <Field
              id="sms-phone"
              label={t('content.sms.phone')}
              error={error?.field === 'phone' ? codeText(error.code) : null}
            >
              <input
                id="sms-phone"
                type="tel"
                value={form.phone}
                onChange={(e) => setForm((f) => ({ ...f, phone: e.target.value }))}
              />
            </Field>
          </>
        )}
        <Field
          id="sms-content"
          label={t('content.sms.content')}
          error={error && error.field !== 'phone' ? codeText(error.code) : null}
        >
          <textarea
            id="sms-content"
            rows={5}
            maxLength={2000}
            value={form.content}
            onChange={(e) => setForm((f) => ({ ...f, content: e.target.value }))}
          />
        </Field>
        {sent ? <Notice kind="success">{t('content.sms.sent')}</Notice> : null}
        <button type="submit" className="acc-button" disabled={fetching}>
          {fetching ? t('account.sending') : t('content.sms.send')}
        </button>
      </form>
      {data ? (
        <Contacts numbers={data.siteConfig.customerServiceNumbers} contacts={data.contactList} />
      ) : null}
    </section>
  );
}

/** `/promotion`: promotion banners (rotation type 19) and articles, newest first. */
export function PromotionsPage() {
  const { i18n } = useTranslation();
  const title = usePageTitle('titles.promotion');
  const [open, setOpen] = useState<string | null>(null);
  const [{ data, error, fetching }] = useQuery({
    query: ContentPromotionsDocument,
    variables: { language: i18n.language },
  });
  const [, click] = useMutation(ContentClickRotationDocument);
  const banners = data?.rotations ?? [];
  const articles = data?.articles.content ?? [];
  return (
    <section className="acc-page">
      <h1>{title}</h1>
      <QueryState
        fetching={fetching}
        error={refusalOf(error)}
        empty={banners.length + articles.length === 0}
      />
      <ul className="acc-list content-promos">
        {banners.map((banner) => {
          const image = banner.imageUrl ? (
            <img className="acc-banner" src={banner.imageUrl} alt={banner.title} loading="lazy" />
          ) : null;
          const onClick = () => void click({ id: banner.id });
          return (
            <li key={banner.id} className="content-promo">
              {banner.link && banner.jumpType === JUMP_TYPE.INTERNAL ? (
                <Link to={banner.link} onClick={onClick}>
                  {image}
                </Link>
              ) : banner.link && banner.jumpType === JUMP_TYPE.EXTERNAL ? (
                <a href={banner.link} target="_blank" rel="noreferrer" onClick={onClick}>
                  {image}
                </a>
              ) : (
                image
              )}
              <div className="content-promo__title">{banner.title}</div>
              {banner.note ? <div className="acc-muted">{banner.note}</div> : null}
            </li>
          );
        })}
        {articles.map((article) => (
          <li key={article.id} className="content-promo">
            {article.imageUrl ? (
              <img className="acc-banner" src={article.imageUrl} alt="" loading="lazy" />
            ) : null}
            <button
              type="button"
              className="content-message"
              aria-expanded={open === article.id}
              onClick={() => setOpen((current) => (current === article.id ? null : article.id))}
            >
              <span className="content-message__title">{article.title}</span>
              <span className="acc-row__sub">{article.subtitle || formatEat(article.releaseTime)}</span>
            </button>
            {open === article.id ? (
              <SafeHtml html={article.html} />
            ) : (
              <p className="acc-muted">{article.intro}</p>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
