/**
 * The reference the benchmarks divide by: a bare Fastify server with one route answering a fixed
 * 10-tale JSON body (the app's own feed page 1, captured by the runner). The body is parsed once
 * and serialised on every request, as the app's routes do, so the ratio shows what the app adds:
 * routing through its plugins, auth, validation, the database and building the envelope.
 */
import fs from 'node:fs';
import Fastify from 'fastify';

const body: unknown = JSON.parse(fs.readFileSync(process.env.BARE_BODY ?? '', 'utf8'));
const app = Fastify({ logger: false });
app.get('/bare', async () => body);
await app.listen({ port: Number(process.env.BARE_PORT ?? 3499), host: '127.0.0.1' });
