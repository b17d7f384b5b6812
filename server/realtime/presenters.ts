import type { DomainEvent, DomainEventType, PublishedEvent } from '../../common/events';
import type { ClientEvent } from '../../common/realtime';
import type { SocketEventType } from '../events/relayed';

/** One client event for one user's sockets. */
export interface Delivery {
  userId: string;
  event: ClientEvent;
}

/**
 * Turns a committed domain event into what each of its audience sees (Outline's presenters,
 * Immich's ClientEventMap). `recipients` are the audience members with a socket on this
 * instance: a presenter loads only what they need and decides per person what to show.
 */
export type ClientEventPresenter<T extends DomainEventType = DomainEventType> = (
  published: PublishedEvent<Extract<DomainEvent, { type: T }>>,
  recipients: readonly string[],
) => Promise<Delivery[]>;

/**
 * The presenters of a feature, by the domain event they turn into client events: only socket
 * events are relayed to other instances and numbered for their audience, so only those may
 * have a presenter.
 */
export type RealtimePresenters = { [T in SocketEventType]?: ClientEventPresenter<T> };

/** The common fields of a client event made from a published domain event. */
export const clientEventHeader = (published: PublishedEvent) => ({
  id: String(published.id),
  at: published.at,
});
