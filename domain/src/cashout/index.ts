/**
 * Cash-out (early settlement): the configuration, the live state of legs from the in-play model, and the
 * quote (betting-rules §3; spec §3, §4 status 6, §9; docs/cash-out.md). Pure; the bet decider records it.
 */
export * from './config.ts';
export * from './live.ts';
export * from './quote.ts';
