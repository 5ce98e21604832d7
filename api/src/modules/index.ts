/**
 * Every server module, in start order. Add a module here and nowhere else.
 */
import type { ApiModule } from './module.ts';
import { auditModule } from './audit/index.ts';
import { catalogueModule } from './catalogue/index.ts';
import { systemModule } from './system/index.ts';
import { walletModule } from './wallet/index.ts';

export const modules: readonly ApiModule[] = [systemModule, auditModule, catalogueModule, walletModule];
