// What other modules may use of accounts and profiles. The users and revoked_tokens tables are
// written only through these functions.
export {
  accountById,
  accountContact,
  accountState,
  isActiveAccountSql,
  lockAccountState,
  lockActiveAccountsWithRoles,
  personSummaries,
  signInMethodState,
  type AccountContact,
  type AccountState,
  type PersonSummary,
  type SignInMethodState,
} from './account-reads';
export {
  assertUnclaimed,
  emailMatches,
  findUser,
  isEmailTaken,
  isUsernameTaken,
  takenUsernames,
  uniqueViolationAnswer,
  userMatches,
  usernameMatches,
  type UserLookup,
} from './accounts';
export {
  changeRole,
  createAccount,
  endAllSessions,
  linkGoogleAccount,
  markEmailVerified,
  promoteToCreator,
  recordFailedSignIn,
  recordSignIn,
  revokeToken,
  setAccountStatus,
  type NewAccount,
} from './account-writes';
export {
  changeEmail,
  changePassword,
  deleteAccount,
  deletedUsername,
  isDeliverableEmail,
  takeBackEmail,
  updateAccountDetails,
  type AccountDetails,
} from './account-settings';
export { ACTIVITY_INTERVAL_MS, createActivityRecorder } from './activity';
export { mayViewProfile } from './policy';
export { presentProfile, presentProfileItem, presentPublicProfile } from './presenter';
export { usersRoutes } from './routes';
export { suspensionReason } from './suspension';
export type { UserRow } from './tables';
