/**
 * Who is calling (buildApp's `authenticate`; docs/auth.md "Tokens", "IP blacklist"): refuses a
 * blacklisted IP with `IP_BLOCKED`, then reads `Authorization: Bearer <token>` and finds its live
 * session (both in one database round trip). A missing, unknown, expired or revoked token is simply nobody (operations that need a
 * login answer `UNAUTHENTICATED`).
 */
import type { FastifyRequest } from 'fastify';
import type { Viewer } from '../../graphql/context.ts';
import { codedError } from '../../graphql/errors.ts';
import type { AppServices } from '../../services.ts';
import { staffTotpRequired } from '../../config.ts';
import { permissionsOfStaff, staffSetupOf } from '../staff/index.ts';
import { admission, bearerToken } from '../../auth/sessions.ts';

/** The viewer of `request`, or null; throws `IP_BLOCKED` for a blacklisted address. */
export const authenticate = async (
  request: FastifyRequest,
  services: AppServices,
): Promise<Viewer | null> => {
  const token = bearerToken(request.headers.authorization);
  const { blocked, session } = await admission(services.sql, request.ip, token, services.now());
  if (blocked) throw codedError('IP_BLOCKED', 'access from this address is blocked');
  if (!session) return null;
  if (session.kind === 'player') return { kind: 'player', userId: session.subjectId, sessionId: session.id };
  const [permissions, setup] = await Promise.all([
    permissionsOfStaff(services.sql, session.subjectId),
    staffSetupOf(services.sql, session.subjectId, staffTotpRequired(services.config)),
  ]);
  return permissions.size === 0
    ? null
    : { kind: 'staff', staffId: session.subjectId, sessionId: session.id, permissions, setup };
};
