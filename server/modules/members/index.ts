// What other modules may use of a creator's members (issue 42). The member_imports and
// member_invitations tables are written only here.
export { defineMemberImportJob, MEMBER_IMPORT_JOB } from './import';
export { acceptInvitation } from './invitations';
export { membersRoutes } from './routes';
