/**
 * A server module: one capability's schema, resolvers, tables, projections and background work
 * (style.md: the app registers its own plugins, each with a name). Modules never import each other's
 * internals; they meet through the event store, the read models and `AppServices`.
 */
import type { FastifyInstance } from 'fastify';
import type { IResolvers } from 'mercurius';
import type { Projection } from '@bashiri/projection-runner';
import type { AppServices } from '../services.ts';

export interface ApiModule {
  /** Unique, snake_case: names its migration table `api_<name>_schema_version`. */
  readonly name: string;
  /** SDL extending the base schema (`extend type Query { … }`). */
  readonly typeDefs: string;
  readonly resolvers: IResolvers;
  /** Folder of numbered SQL migrations (`NNN.do.what.sql`), applied on start. */
  readonly migrations?: URL;
  /** Read models this module keeps, run by the projection runner. */
  readonly projections?: readonly Projection[];
  /** Plain HTTP routes others call (provider callbacks; architecture.md §5 "REST only where others call us"). */
  readonly routes?: (app: FastifyInstance, services: AppServices) => Promise<void>;
  /** Background work (process managers, feeds) started after migrations; returns its stop function. */
  readonly start?: (services: AppServices) => Promise<() => Promise<void>>;
}
