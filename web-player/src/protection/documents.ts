/**
 * The protection pages' GraphQL operations as strings, typed by the generated types of
 * `protection.graphql` (the same operations, checked by codegen). Kept here, in the pages' own chunk,
 * so that the site's first load carries none of them (first-load budget, bench:web).
 */
import type {
  ProtectionCancelLimitMutation,
  ProtectionCancelLimitMutationVariables,
  ProtectionConfirmLimitMutation,
  ProtectionConfirmLimitMutationVariables,
  ProtectionCoolOffMutation,
  ProtectionCoolOffMutationVariables,
  ProtectionMineQuery,
  ProtectionMineQueryVariables,
  ProtectionRealityCheckQuery,
  ProtectionRealityCheckQueryVariables,
  ProtectionSelfExcludeMutation,
  ProtectionSelfExcludeMutationVariables,
  ProtectionSetLimitMutation,
  ProtectionSetLimitMutationVariables,
  ProtectionSetRealityCheckMutation,
  ProtectionSetRealityCheckMutationVariables,
  ProtectionStakeLeftQuery,
  ProtectionStakeLeftQueryVariables,
} from '../graphql/generated.ts';

/** An operation's text with its result and variables types (urql reads the types from the type parameters). */
export type Operation<Data, Variables> = string & { readonly __types?: [Data, Variables] };

const VIEW = `fragment ProtectionView on PlayerProtection {
  userId canPlay coolingOffUntil realityCheckMinutes marketingAllowed
  limits { kind limit used left resetsAt }
  pending { kind value requestedAt confirmableFrom confirmable }
  selfExclusion { until reopensAt permanent }
  at
}`;

const withView = <D, V>(operation: string): Operation<D, V> => `${operation}\n${VIEW}` as Operation<D, V>;

export const MINE = withView<ProtectionMineQuery, ProtectionMineQueryVariables>(
  'query ProtectionMine { myProtection { ...ProtectionView } }',
);
export const REALITY_CHECK = `query ProtectionRealityCheck($lastShownAt: DateTime) {
  myRealityCheck(lastShownAt: $lastShownAt) { sessionStartedAt minutesPlayed stakes returns net intervalMinutes nextAt }
}` as Operation<ProtectionRealityCheckQuery, ProtectionRealityCheckQueryVariables>;
export const STAKE_LEFT = 'query ProtectionStakeLeft { myStakeLeft }' as Operation<
  ProtectionStakeLeftQuery,
  ProtectionStakeLeftQueryVariables
>;
export const SET_LIMIT = withView<ProtectionSetLimitMutation, ProtectionSetLimitMutationVariables>(
  'mutation ProtectionSetLimit($kind: ProtectionLimitKind!, $value: Int) { setProtectionLimit(kind: $kind, value: $value) { ...ProtectionView } }',
);
export const CONFIRM_LIMIT = withView<
  ProtectionConfirmLimitMutation,
  ProtectionConfirmLimitMutationVariables
>(
  'mutation ProtectionConfirmLimit($kind: ProtectionLimitKind!) { confirmProtectionLimit(kind: $kind) { ...ProtectionView } }',
);
export const CANCEL_LIMIT = withView<ProtectionCancelLimitMutation, ProtectionCancelLimitMutationVariables>(
  'mutation ProtectionCancelLimit($kind: ProtectionLimitKind!) { cancelProtectionLimit(kind: $kind) { ...ProtectionView } }',
);
export const SET_REALITY_CHECK = withView<
  ProtectionSetRealityCheckMutation,
  ProtectionSetRealityCheckMutationVariables
>(
  'mutation ProtectionSetRealityCheck($minutes: Int!) { setRealityCheck(minutes: $minutes) { ...ProtectionView } }',
);
export const COOL_OFF = withView<ProtectionCoolOffMutation, ProtectionCoolOffMutationVariables>(
  'mutation ProtectionCoolOff($length: CoolOffLength!) { startCoolOff(length: $length, confirm: true) { ...ProtectionView } }',
);
export const SELF_EXCLUDE = withView<ProtectionSelfExcludeMutation, ProtectionSelfExcludeMutationVariables>(
  'mutation ProtectionSelfExclude($length: ExclusionLength!) { selfExclude(length: $length, confirm: true) { ...ProtectionView } }',
);
