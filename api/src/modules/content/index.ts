/**
 * The content module (issues 7 and 8; docs/content.md): internal messages to players with unread
 * counts, rotation items (banners, notice bar, contact list), graphic text, documents, rich-text pages,
 * uploads served at /uploads/…, the versioned site configuration (maintenance, customer-service
 * numbers, phone area codes) and string-reward tier editing. Plain CRUD tables, every staff change
 * audited with before/after; default content in sw, en-US and zh-CN seeded on a fresh database.
 */
import type { QueryResolvers, MutationResolvers, SubscriptionResolvers } from '../../graphql/generated.ts';
import { readFileSync } from 'node:fs';
import type { GraphQLContext } from '../../graphql/context.ts';
import { withInitial } from '../../graphql/subscriptions.ts';
import type { ApiModule } from '../module.ts';
import { languageOf } from './common.ts';
import { betConfigVersions, setBetConfig } from './bet-config.ts';
import type { BetConfigInput } from './bet-config.ts';
import { boardMessages, postBoardMessage, setBoardMessageHandled } from './board.ts';
import type { BoardInput } from './board.ts';
import { supportThread } from './support.ts';
import { requirePlayer } from '../../auth/guard.ts';
import {
  CONTACT_LIST,
  SOCIAL_LINKS,
  NOTICE_BAR,
  article,
  articles,
  clickRotation,
  createRotation,
  deleteArticle,
  deleteRotation,
  rotations,
  saveArticle,
  staffRotations,
  updateRotation,
} from './items.ts';
import type { ArticleInput, RotationInput } from './items.ts';
import { deleteDocument, documents, saveDocument, staffDocuments } from './documents.ts';
import type { DocumentInput } from './documents.ts';
import { deleteRichTextPage, richTextPage, saveRichTextPage, staffRichTextPages } from './rich-text.ts';
import type { PageInput } from './rich-text.ts';
import {
  MESSAGES_ALL,
  markRead,
  messagesTopic,
  myMessages,
  sendMessage,
  staffMessages,
  unreadCount,
  withdrawMessage,
} from './messages.ts';
import { welcomeMessagesProjection } from './projection.ts';
import { seedContent } from './seed.ts';
import {
  SITE_CONFIG,
  setSiteConfig,
  setStringRewardTiers,
  siteConfigVersions,
  siteConfigView,
  startSiteConfigWatcher,
} from './site-config.ts';
import type { SiteConfigInput, TierInput } from './site-config.ts';
import { uploadFile, uploadRoutes } from './uploads.ts';

export { siteConfigAt } from './site-config.ts';
export { unreadCount } from './messages.ts';
export { seedContent } from './seed.ts';

type Subscribable = GraphQLContext & {
  pubsub: { subscribe(topics: string | string[]): Promise<AsyncIterable<unknown>> };
};
type Paged = { page?: number | null; pageSize?: number | null };
type Lang = { language?: string | null };

const contentQuery: QueryResolvers = {
  myMessages: (_: unknown, args: Paged, ctx: GraphQLContext) => myMessages(ctx, args),
  unreadMessageCount: (_: unknown, __: unknown, ctx: GraphQLContext) =>
    unreadCount(ctx.services.sql, requirePlayer(ctx).userId),
  staffMessages: (_: unknown, args: Paged, ctx: GraphQLContext) => staffMessages(ctx, args),
  siteConfig: (_: unknown, args: Lang, ctx: GraphQLContext) => siteConfigView(ctx, args.language),
  siteConfigVersions: (_: unknown, __: unknown, ctx: GraphQLContext) => siteConfigVersions(ctx),
  betConfigVersions: (_: unknown, __: unknown, ctx: GraphQLContext) => betConfigVersions(ctx),
};

const contentMutation: MutationResolvers = {
  postBoardMessage: (_: unknown, args: { input: BoardInput }, ctx: GraphQLContext) =>
    postBoardMessage(ctx, args.input),
  sendMessage: (_: unknown, args: { input: Parameters<typeof sendMessage>[1] }, ctx: GraphQLContext) =>
    sendMessage(ctx, args.input),
  withdrawMessage: (_: unknown, args: { id: string }, ctx: GraphQLContext) => withdrawMessage(ctx, args.id),
  markMessageRead: (_: unknown, args: { id: string }, ctx: GraphQLContext) => markRead(ctx, args.id),
  markAllMessagesRead: (_: unknown, __: unknown, ctx: GraphQLContext) => markRead(ctx, null),
  deleteRotation: (_: unknown, args: { id: string }, ctx: GraphQLContext) => deleteRotation(ctx, args.id),
  clickRotation: (_: unknown, args: { id: string }, ctx: GraphQLContext) => clickRotation(ctx, args.id),
  deleteArticle: (_: unknown, args: { id: string }, ctx: GraphQLContext) => deleteArticle(ctx, args.id),
  deleteDocument: (_: unknown, args: { id: string }, ctx: GraphQLContext) => deleteDocument(ctx, args.id),
  deleteRichTextPage: (_: unknown, args: { slug: string; language: string }, ctx: GraphQLContext) =>
    deleteRichTextPage(ctx, args.slug, args.language),
  uploadFile: (_: unknown, args: { name: string; dataUrl: string }, ctx: GraphQLContext) =>
    uploadFile(ctx, args.name, args.dataUrl),
  setSiteConfig: (
    _: unknown,
    args: { input: SiteConfigInput; effectiveFrom?: string | null },
    ctx: GraphQLContext,
  ) => setSiteConfig(ctx, args.input, args.effectiveFrom),
  setBetConfig: (
    _: unknown,
    args: { input: BetConfigInput; effectiveFrom?: string | null },
    ctx: GraphQLContext,
  ) => setBetConfig(ctx, args.input, args.effectiveFrom),
};

const contentSubscription: SubscriptionResolvers = {
  siteConfig: {
    // Each payload only says "the version in force may have changed": the view is read again.
    subscribe: async (_, args, ctx) => {
      languageOf(ctx, args.language); // refuse a bad language before subscribing
      return withInitial(await (ctx as Subscribable).pubsub.subscribe(SITE_CONFIG), {});
    },
    resolve: (_payload: unknown, args: Lang, ctx: GraphQLContext) => siteConfigView(ctx, args.language),
  },
  unreadMessageCount: {
    // Each payload only says "this inbox may have changed": the count is read again for the subscriber.
    subscribe: async (_, __, ctx) => {
      const { userId } = requirePlayer(ctx);
      const source = await (ctx as Subscribable).pubsub.subscribe([messagesTopic(userId), MESSAGES_ALL]);
      return withInitial(source, { userId });
    },
    resolve: (_payload: unknown, _args: unknown, ctx: GraphQLContext) =>
      unreadCount(ctx.services.sql, requirePlayer(ctx).userId),
  },
};

export const contentModule: ApiModule = {
  name: 'content',
  typeDefs: readFileSync(new URL('./schema.graphql', import.meta.url), 'utf8'),
  migrations: new URL('./migrations/', import.meta.url),
  projections: [welcomeMessagesProjection],
  routes: uploadRoutes,
  start: async (services) => {
    await seedContent(services.sql, services.now());
    return startSiteConfigWatcher(services);
  },
  resolvers: {
    Query: {
      ...contentQuery,
      boardMessages: (_: unknown, args: { handled?: boolean | null } & Paged, ctx: GraphQLContext) =>
        boardMessages(ctx, args),
      rotations: (_: unknown, args: { type: number } & Lang, ctx: GraphQLContext) =>
        rotations(ctx, args.type, args.language),
      noticeBar: (_: unknown, args: Lang, ctx: GraphQLContext) => rotations(ctx, NOTICE_BAR, args.language),
      contactList: (_: unknown, args: Lang, ctx: GraphQLContext) =>
        rotations(ctx, CONTACT_LIST, args.language),
      socialLinks: (_: unknown, args: Lang, ctx: GraphQLContext) =>
        rotations(ctx, SOCIAL_LINKS, args.language),
      supportThread: (_: unknown, __: unknown, ctx: GraphQLContext) => supportThread(ctx),
      staffRotations: (_: unknown, args: { type?: number | null }, ctx: GraphQLContext) =>
        staffRotations(ctx, args.type),
      articles: (_: unknown, args: Paged & Lang, ctx: GraphQLContext) => articles(ctx, args),
      article: (_: unknown, args: { id: string }, ctx: GraphQLContext) => article(ctx, args.id),
      staffArticles: (_: unknown, args: Paged & Lang, ctx: GraphQLContext) => articles(ctx, args, true),
      documents: (_: unknown, args: { type?: number | null } & Lang, ctx: GraphQLContext) =>
        documents(ctx, args.type ?? 14, args.language),
      staffDocuments: (_: unknown, args: { type?: number | null }, ctx: GraphQLContext) =>
        staffDocuments(ctx, args.type),
      richTextPage: (
        _: unknown,
        args: { slug?: string | null; type?: number | null } & Lang,
        ctx: GraphQLContext,
      ) => richTextPage(ctx, args),
      staffRichTextPages: (_: unknown, __: unknown, ctx: GraphQLContext) => staffRichTextPages(ctx),
    },
    Mutation: {
      ...contentMutation,
      setBoardMessageHandled: (_: unknown, args: { id: string; handled: boolean }, ctx: GraphQLContext) =>
        setBoardMessageHandled(ctx, args.id, args.handled),
      createRotation: (_: unknown, args: { input: RotationInput }, ctx: GraphQLContext) =>
        createRotation(ctx, args.input),
      updateRotation: (_: unknown, args: { id: string; input: RotationInput }, ctx: GraphQLContext) =>
        updateRotation(ctx, args.id, args.input),
      createArticle: (_: unknown, args: { input: ArticleInput }, ctx: GraphQLContext) =>
        saveArticle(ctx, null, args.input),
      updateArticle: (_: unknown, args: { id: string; input: ArticleInput }, ctx: GraphQLContext) =>
        saveArticle(ctx, args.id, args.input),
      createDocument: (_: unknown, args: { input: DocumentInput }, ctx: GraphQLContext) =>
        saveDocument(ctx, null, args.input),
      updateDocument: (_: unknown, args: { id: string; input: DocumentInput }, ctx: GraphQLContext) =>
        saveDocument(ctx, args.id, args.input),
      saveRichTextPage: (_: unknown, args: { input: PageInput }, ctx: GraphQLContext) =>
        saveRichTextPage(ctx, args.input),
      setStringRewardTiers: (
        _: unknown,
        args: { tiers: TierInput[]; effectiveFrom?: string | null },
        ctx: GraphQLContext,
      ) => setStringRewardTiers(ctx, args.tiers, args.effectiveFrom),
    },
    Subscription: {
      ...contentSubscription,
    },
  },
};
