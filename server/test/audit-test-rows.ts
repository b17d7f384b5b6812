import type { DomainEventType } from '../../common/events';

/**
 * The action of audit rows a test writes straight into the table. It is a real one, as the table's
 * CHECK admits only the platform's own events; such tests find their rows by `subjectId`.
 */
export const TEST_ROW_ACTION: DomainEventType = 'profile.visited';
