/**
 * The baseline: a bare Fastify process answering one small JSON route, with none of Aura's
 * plugins, hooks or database. Aura's numbers are read as ratios of this one, measured in the
 * same run on the same machine.
 */
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/health', async () => ({ status: 'ok' }));

const close = () => void app.close().then(() => process.exit(0));
process.on('SIGINT', close);
process.on('SIGTERM', close);

await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : 0;
console.log(`Bare server running at http://127.0.0.1:${port}`);
