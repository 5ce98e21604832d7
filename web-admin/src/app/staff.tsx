/**
 * The logged-in staff member and their permission codes (`staffMe`), for hiding menu entries and buttons
 * the member lacks (spec §6). The server checks every operation anyway: hiding is only convenience.
 */
import { createContext, useContext, type ReactNode } from 'react';

/** Who is logged in. */
export interface StaffInfo {
  readonly id: string;
  readonly account: string;
  readonly name: string;
  readonly totpBound: boolean;
  readonly roleName: string | null;
  readonly permissions: ReadonlySet<string>;
  /**
   * Steps left before the back office opens (`CHANGE_PASSWORD`, `BIND_TOTP`; issue 15 item 5): while
   * not empty only the setup page is shown, as the server refuses every permission.
   */
  readonly setupRequired: readonly string[];
  /** Reads `staffMe` again (after binding an authenticator). */
  readonly reload: () => void;
}

const StaffContext = createContext<StaffInfo | null>(null);

/** Provides the staff member to everything below. */
export function StaffProvider({
  staff,
  children,
}: {
  readonly staff: StaffInfo;
  readonly children: ReactNode;
}) {
  return <StaffContext.Provider value={staff}>{children}</StaffContext.Provider>;
}

/** The logged-in staff member; throws outside {@link StaffProvider}. */
export const useStaff = (): StaffInfo => {
  const staff = useContext(StaffContext);
  if (!staff) throw new Error('useStaff outside StaffProvider');
  return staff;
};

/** Whether the staff member holds `permission` (always true for none). */
export const useCan = (): ((permission: string | undefined) => boolean) => {
  const staff = useStaff();
  return (permission) => permission === undefined || staff.permissions.has(permission);
};
