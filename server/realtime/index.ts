import websocket from '@fastify/websocket';
import type { FastifyPluginAsync } from 'fastify';
import { REALTIME_PROTOCOL } from '../../common/realtime';
import type { Container } from '../container';
import { perMinute } from '../http/rate-limits';
import { RealtimeGateway } from './gateway';
import type { RealtimePresenters } from './presenters';

export type { ClientEventPresenter, Delivery, RealtimePresenters } from './presenters';
export { clientEventHeader } from './presenters';
export type { RealtimeGateway } from './gateway';

declare module 'fastify' {
  interface FastifyInstance {
    /** The sockets of this instance (health figures, tests). */
    realtime: RealtimeGateway;
  }
}

/** Largest frame a client may send (its token and pings are far smaller). */
const MAX_CLIENT_FRAME_BYTES = 8 * 1024;

/**
 * GET /api/v1/realtime (issue 11): the WebSocket every signed-in tab keeps open. The token comes
 * in the first frame (`{ "type": "auth", "token": … }`) or as the subprotocol `bearer.<token>`
 * beside `aura.v1`, never in the URL (URLs end up in logs). The features' presenters say what
 * each domain event becomes for the people it concerns.
 */
export function realtimeRoutes(c: Container, presenters: RealtimePresenters): FastifyPluginAsync {
  const plugin: FastifyPluginAsync = async (app) => {
    const gateway = new RealtimeGateway(c, presenters);
    app.decorate('realtime', gateway);
    // Before the plugin's own preClose (which closes without a code): clients learn the server
    // is going away (1001) and reconnect, through the load balancer, to another instance.
    app.addHook('preClose', async () => gateway.closeAll());
    await app.register(websocket, {
      options: {
        maxPayload: MAX_CLIENT_FRAME_BYTES,
        // Answer with our protocol whenever it is offered; never echo the bearer token back.
        handleProtocols: (protocols) =>
          protocols.has(REALTIME_PROTOCOL) ? REALTIME_PROTOCOL : false,
      },
      errorHandler: (err, socket, request) => {
        request.log.debug({ err }, 'realtime socket error');
        socket.terminate();
      },
    });
    app.get(
      '/api/v1/realtime',
      {
        websocket: true,
        // Reconnect storms from one address are slowed down; the socket itself is not limited.
        config: perMinute(600),
        schema: { tags: ['realtime'] },
      },
      (socket, request) => gateway.accept(socket, request),
    );
  };
  // Not encapsulated (what fastify-plugin does): the socket handling covers every route, so an
  // upgrade request to any other path is refused properly, and `app.realtime` is visible.
  Object.assign(plugin, { [Symbol.for('skip-override')]: true });
  return plugin;
}
