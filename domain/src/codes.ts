/**
 * The product's numeric codes as the specification gives them (product-spec §3 entities, §4 states, §5
 * validation, §9 constants), named once so that no code compares a raw number (decision 0012). The
 * catalogue's own ids (betting types, outcome types, event parts) are here too: they are the feed's and
 * the spec's ids, shared by the server, the settlement and the web apps.
 */

/** Spec §4 match status codes. Only 1 and 2 are listed and open for betting (§4 "Match list filtering"). */
export const MATCH_STATUS = {
  NOT_STARTED: 1,
  IN_PROGRESS: 2,
  ENDED: 3,
  PAUSED: 4,
  CANCELLED: 5,
  CANCELLED_BEFORE_START: 6,
  CANCELLED_AFTER_START: 7,
  ABANDONED_AFTER_START: 8,
} as const;

/** Market and outcome `statusId` (spec §3 "Outcome", §4): 1 open, 2 suspended, 3 settled/closed, 4 removed. */
export const OFFER_STATUS = { OPEN: 1, SUSPENDED: 2, CLOSED: 3, REMOVED: 4 } as const;

/** Spec betting-type ids (§3 catalogue, §9), plus our own ids ≥ 1000 for types the spec gives none. */
export const BETTING_TYPE = {
  MATCH_ODDS: 69,
  DOUBLE_CHANCE: 9,
  BOTH_TEAMS_TO_SCORE: 76,
  OVER_UNDER: 47,
  ASIAN_HANDICAP: 48,
  CORRECT_SCORE: 45,
  /** Ours: the spec names no id for draw no bet. */
  DRAW_NO_BET: 1001,
  /** Ours: half-time 1X2 (event part 1), kept apart from 69 so the home 1X2 block never shows it. */
  HALF_TIME_MATCH_ODDS: 1002,
} as const;

/** Spec outcome `typeId`s (§5): 10 a participant (home or away by participant id), 11 the draw, … */
export const OUTCOME_TYPE = {
  PARTICIPANT: 10,
  DRAW: 11,
  OVER: 12,
  UNDER: 13,
  YES: 14,
  NO: 15,
  DOUBLE_CHANCE: 16,
  SCORE: 17,
} as const;

/** Event parts (spec §9: 3 is full time, "Ordinary Time"); 1 is our first half. */
export const EVENT_PART = { FIRST_HALF: 1, FULL_TIME: 3 } as const;

/** A betting type's `bet_status` (spec §3 catalogue, docs/catalogue.md): 1 open, 2 closed. */
export const BET_STATUS = { OPEN: 1, CLOSED: 2 } as const;

/** A leg's `event_status` (spec §3 "Betslip selection", "Place-bet payload"): 1 pre-match, 2 live. */
export const EVENT_STATUS = { PRE_MATCH: 1, LIVE: 2 } as const;

/** A competition's roll-bet (live betting) flag (spec §5): 1 allowed, 2 not allowed. */
export const ROLL_BET = { ALLOWED: 1, NOT_ALLOWED: 2 } as const;

/** A user's reported flag (spec §5): 1 not reported, 2 reported. */
export const REPORTED = { NO: 1, YES: 2 } as const;

/** Bet config `no_bet` (spec §3 "Bet config", §4 "Betting pause"): 0 open; anything else pauses betting. */
export const NO_BET_OPEN = 0;

/** Export record status (spec §3 "Export record", §4): 1 processing, 2 done, 3 failed. */
export const EXPORT_STATUS = { PROCESSING: 1, DONE: 2, FAILED: 3 } as const;

/** A banner's link kind (`jump_type`, spec §3 content): 0 none, 1 a page of the site, 2 an outside address. */
export const JUMP_TYPE = { NONE: 0, INTERNAL: 1, EXTERNAL: 2 } as const;

/** Rotation (content list) types (spec §3 "Rotation types", §7 rotation/inquires, §9 "Banner types"). */
export const ROTATION_TYPE = {
  CONTACT_LIST: 1,
  PAID_PHONE_LOGOS: 11,
  MOBILE_HOME_CAROUSEL: 15,
  DESKTOP_HOME_CAROUSEL: 16,
  NOTICE_BAR: 18,
  PROMOTION_LIST: 19,
  /** Social links of the left menu and footer: a type number of ours, the spec numbers none (decision 0023). */
  SOCIAL_LINKS: 20,
} as const;
