/**
 * The referral relation check before every referral or invitation payment (issue 21 "Rules": self-
 * referral — same phone, same device fingerprint, or same IP within a window — is refused and shown to
 * staff). Works on many friends at once: one read of the relations, one of the footprints.
 */
import { selfReferralError } from '@bashiri/domain';
import type { PlayerFootprint, ReferralConfig } from '@bashiri/domain';
import type { AppServices } from '../../services.ts';
import { playerSessionIps } from '../identity/index.ts';

/** A referral relation as the reward worker reads it (`settled_stakes` TZS as text). */
export interface Relation {
  readonly friend_id: string;
  readonly inviter_id: string;
  readonly status: string;
  readonly settled_stakes: string;
}

/** Phone, device fingerprints and IPs (reported and of sessions) of each of `ids`, in that order. */
const footprints = async (services: AppServices, ids: readonly string[]): Promise<PlayerFootprint[]> => {
  const [accounts, prints, sessions] = await Promise.all([
    services.sql.query<{ user_id: string; phone: string }>(
      'SELECT user_id, phone FROM promo_accounts WHERE user_id = ANY($1::text[])',
      [ids],
    ),
    services.sql.query<{ user_id: string; kind: string; value: string; at: Date }>(
      'SELECT user_id, kind, value, at FROM promo_footprints WHERE user_id = ANY($1::text[])',
      [ids],
    ),
    playerSessionIps(services.sql, ids),
  ]);
  const phones = new Map(accounts.rows.map((a) => [a.user_id, a.phone]));
  const printsOf = new Map<string, { kind: string; value: string; at: Date }[]>();
  for (const p of prints.rows) printsOf.set(p.user_id, [...(printsOf.get(p.user_id) ?? []), p]);
  return ids.map((id) => {
    const own = printsOf.get(id) ?? [];
    return {
      userId: id,
      phone: phones.get(id) ?? `unknown:${id}`,
      devices: own.filter((p) => p.kind === 'device').map((p) => p.value),
      ips: [
        ...own.filter((p) => p.kind === 'ip').map((p) => ({ ip: p.value, at: new Date(p.at).toISOString() })),
        ...(sessions.get(id) ?? []),
      ],
    };
  });
};

/**
 * The relation of each of `friendIds` that is pending or rewarded and not a self-referral; a friend
 * without one is absent from the answer. A self-referral found now is marked `refused` with its reason
 * (for staff) and logged.
 */
export const checkedRelations = async (
  services: AppServices,
  friendIds: readonly string[],
  referral: ReferralConfig,
): Promise<Map<string, Relation>> => {
  const checked = new Map<string, Relation>();
  if (friendIds.length === 0) return checked;
  const rels = (
    await services.sql.query<Relation>(
      `SELECT friend_id, inviter_id, status, settled_stakes::text FROM promo_referrals
       WHERE friend_id = ANY($1::text[]) AND status <> 'refused'`,
      [[...new Set(friendIds)]],
    )
  ).rows;
  if (rels.length === 0) return checked;
  const ids = [...new Set(rels.flatMap((r) => [r.inviter_id, r.friend_id]))];
  const prints = new Map((await footprints(services, ids)).map((f) => [f.userId, f]));
  for (const rel of rels) {
    const self = selfReferralError(referral, prints.get(rel.inviter_id)!, prints.get(rel.friend_id)!);
    if (!self) {
      checked.set(rel.friend_id, rel);
      continue;
    }
    await services.sql.query(
      `UPDATE promo_referrals SET status = 'refused', refusal_reason = $2, refusal_details = $3::jsonb
       WHERE friend_id = $1`,
      [rel.friend_id, (self.details as { reason: string }).reason, JSON.stringify(self.details ?? {})],
    );
    services.logger.warn(
      { friendId: rel.friend_id, inviterId: rel.inviter_id, details: self.details },
      'self-referral refused',
    );
  }
  return checked;
};
