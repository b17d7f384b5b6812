// What other modules may use of direct messages; the conversations, messages and
// conversation_participants tables are written only here.
export { messageForModeration } from './report-message';
export { messageRealtimePresenters } from './realtime';
export { sendRefusalFor } from './policy';
export { messagesRoutes } from './routes';
export { unreadMessagesSinceSql } from './unread-since.read-model';
