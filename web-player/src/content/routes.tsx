/** Content routes (spec §2 /message /rich_text /artcol /help /SMS /promotion /privacy_policy). */
import type { RouteObject } from 'react-router';

export const CONTENT_ROUTES: RouteObject[] = [];
