import type { FastifyInstance } from 'fastify';
import type { SandboxCore } from './core.ts';

export const registerSelcom = (_app: FastifyInstance, _core: SandboxCore): void => undefined;
