/**
 * One read per tick for every offer pushed (issue 20 "Server": "one computation per changed match,
 * not per bet per tick"; docs/cash-out.md §8; the open point of decision 0084, closed by decision 0116).
 *
 * A feed tick on a match wakes every `cashOutOffer` subscriber of a bet on it at once (the emitter
 * hands the message to each subscriber's iterator in the same turn of the event loop). Each used to
 * re-quote its own bet: its bet stream, the live state, the settings and its auto cash-out rule, four
 * to six statements per subscriber per tick. Here the quotes asked within one turn are answered
 * together: after that turn (`setImmediate`), one read of the settings' stamps, one grouped read of
 * all their bet streams, one read of the live state of their legs and one of their auto cash-out
 * rules, then pure work per bet (the match's model from the shared pricer cache). The reads start
 * after every caller of the batch asked, so none of them sees a state older than its question.
 */
import type { AppServices } from '../../services.ts';
import { autoRules } from './auto.ts';
import type { AutoRule } from './auto.ts';
import { quoteBets, quoteContext } from './quotes.ts';
import type { BetQuote, QuoteContext } from './quotes.ts';

/** What a batched quote answers for one bet: the quote, its auto cash-out rule, the settings used. */
export interface SharedQuote {
  readonly quote: BetQuote;
  readonly rule: AutoRule | null;
  readonly context: QuoteContext;
  /** The instant quoted (epoch ms). */
  readonly at: number;
}

interface Batch {
  readonly ids: Set<string>;
  readonly done: Promise<{
    quotes: Map<string, BetQuote>;
    rules: Map<string, AutoRule>;
    context: QuoteContext;
    at: number;
  }>;
}

const open = new WeakMap<AppServices, Batch>();

/**
 * The quote of `betId` (whole running stake) now, read together with every other quote asked in the
 * same turn of the event loop on `services` (see the module comment). Throws what the reads throw (to
 * every caller of the batch).
 */
export const quoteShared = async (services: AppServices, betId: string): Promise<SharedQuote> => {
  let batch = open.get(services);
  if (!batch) {
    const ids = new Set<string>();
    const done = new Promise<void>((resolve) => setImmediate(resolve)).then(async () => {
      open.delete(services);
      const at = services.now();
      const context = await quoteContext(services, at);
      const [quotes, rules] = await Promise.all([
        quoteBets(services, [...ids], context),
        autoRules(services.sql, [...ids]),
      ]);
      return { quotes, rules, context, at };
    });
    batch = { ids, done };
    open.set(services, batch);
  }
  batch.ids.add(betId);
  const { quotes, rules, context, at } = await batch.done;
  return { quote: quotes.get(betId)!, rule: rules.get(betId) ?? null, context, at };
};
