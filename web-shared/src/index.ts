/**
 * What the player site and the back office share (docs/decisions/0011-import-boundaries.md): the GraphQL
 * client over urql + graphql-ws, the session store, the storage port, the languages, the per-feature text
 * declarations and the money formats. Browser code only; it talks to the server through GraphQL alone.
 */
export * from './client.ts';
export * from './session.ts';
export * from './storage.ts';
export * from './languages.ts';
export * from './features.ts';
export * from './format.ts';
