/**
 * Form helpers: antd `Form` rules built from zod schemas (issue 8 item 1 "forms with schema validation"),
 * and the text of a failed operation's error code. A schema's messages are i18n keys (`validation.*`).
 */
import type { CombinedError } from '@urql/core';
import type { Rule } from 'antd/es/form';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { errorCodeOf } from '../shared.ts';

/** An antd rule that runs `schema` on the field's value and shows its first issue translated. */
export const zodRule = (schema: z.ZodType, t: TFunction): Rule => ({
  validator: async (_rule, value: unknown) => {
    const result = schema.safeParse(value);
    if (result.success) return;
    const issue = result.error.issues[0];
    const params = issue && 'minimum' in issue ? { min: Number(issue.minimum) } : {};
    throw new Error(t(issue?.message ?? 'validation.required', params));
  },
});

/** Common field schemas of the back office (spec §5). */
export const schemas = {
  required: z.string('validation.required').trim().min(1, 'validation.required'),
  reason: z.string('validation.required').trim().min(1, 'validation.required').max(500),
  /** A player's password (spec §9: 4 characters or more). */
  password: z.string('validation.required').min(4, 'validation.minLength'),
  /** A staff member's password (issue 15 item 5: 12 or more; the server also refuses common ones). */
  staffPassword: z.string('validation.required').min(12, 'validation.minLength'),
  totp: z.string('validation.totp').regex(/^\d{6}$/, 'validation.totp'),
  digits: z.string('validation.digits').regex(/^\d+$/, 'validation.digits'),
  /** A signed non-zero whole TZS amount (staff adjustments). */
  signedTzs: z
    .number('validation.wholeTzs')
    .int('validation.wholeTzs')
    .refine((n) => n !== 0, 'validation.nonZero'),
  /** A whole TZS amount, 0 or more. */
  tzs: z.number('validation.wholeTzs').int('validation.wholeTzs').min(0, 'validation.wholeTzs'),
  account: z.string('validation.account').regex(/^[A-Za-z0-9._-]{3,32}$/, 'validation.account'),
  ip: z.union([z.ipv4('validation.ip'), z.ipv6('validation.ip')], 'validation.ip'),
} as const;

/** `(error) => translated text` of an operation's error code (`codes.<CODE>`, else the code). */
export const useErrorText = (): ((error: CombinedError | undefined | null) => string) => {
  const { t, i18n } = useTranslation();
  return (error) => {
    const code = errorCodeOf(error);
    if (!code) return '';
    return i18n.exists(`codes.${code}`) ? t(`codes.${code}`) : (error?.graphQLErrors[0]?.message ?? code);
  };
};
