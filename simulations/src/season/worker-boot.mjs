// Boots a TypeScript worker thread (docs/simulations.md "Event store"): registers tsx's loader in this
// thread (Node 20 does not pass a parent's `--import tsx` on to workers), then imports the entry named
// in `workerData.entry` (a file URL). The entry reads the rest of `workerData` itself.
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.entry);
