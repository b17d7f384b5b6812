// What other modules may use of the Control Hub: who counts as a creator (the payout routing
// panel lists the same people) and the hub's paging by username. It owns no table.
export { containsText, isCreatorAccount, nameColumns } from './creator-scope.read-model';
export { afterNameCursor, byUsername, pageOf } from './name-cursor.read-model';
export { personName, toAmounts } from './presenter';
export { hubRoutes } from './routes';
