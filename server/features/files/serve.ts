import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { FILE_URL_PREFIX } from '../../../common/constants';
import { displayTypeOf, extensionOf } from '../../../common/schemas/file';
import { files } from '../../db/schema';
import type { Deps } from '../../deps';
import type { ByteRange } from '../../storage/storage';
import { MIME_BY_EXTENSION } from './inspect';
import { SERVED_NAME_RE } from './objects';

/** Shown in place: what a browser plays or displays without running anything of the file's own. */
const INLINE = new Set(['audio', 'video', 'pdf']);
const isInline = (name: string) => {
  const type = displayTypeOf(name);
  return INLINE.has(type) || (type === 'image' && extensionOf(name) !== 'svg');
};

/** No script ever runs from a served file, whatever it holds (behaviour.md "Files"). */
const CSP = "default-src 'none'; img-src 'self' data:; media-src 'self'; style-src 'unsafe-inline'; sandbox";

/** `bytes=a-b`, `bytes=a-`, `bytes=-n`; one range only. 'ignore' serves the whole file. */
export function parseRange(header: string | undefined, size: number): ByteRange | 'ignore' | 'unsatisfiable' {
  if (!header) return 'ignore';
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (m[1] === '' && m[2] === '')) return 'ignore';
  let start: number;
  let end: number;
  if (m[1] === '') {
    const suffix = Number(m[2]);
    if (suffix === 0) return 'unsatisfiable';
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(m[1]);
    end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
    if (m[2] !== '' && Number(m[2]) < start) return 'ignore';
  }
  if (start >= size || size === 0) return 'unsatisfiable';
  return { start, end };
}

function contentDisposition(inline: boolean, name: string | null): string {
  if (inline) return 'inline';
  if (!name) return 'attachment';
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/** GET and HEAD /files/{name}: stored files with safe headers, ranges and long caching. */
export function fileServing(deps: Deps) {
  return async function plugin(app: FastifyInstance) {
    const serve = async (request: FastifyRequest<{ Params: { name: string } }>, reply: FastifyReply) => {
      const name = request.params.name;
      const missing = () => reply.code(404).type('text/plain; charset=utf-8').header('x-content-type-options', 'nosniff').send('Not found');
      if (!SERVED_NAME_RE.test(name)) return missing();
      const stat = await deps.storage.stat(name);
      if (!stat) return missing();
      const ext = extensionOf(name);
      const inline = isInline(name);
      let humanName: string | null = null;
      if (!inline) {
        const [row] = await deps.db.select({ name: files.name_human }).from(files).where(eq(files.name_fs, name)).limit(1);
        humanName = row?.name ?? null;
      }
      const etag = `"${stat.size.toString(36)}-${stat.lastModified.getTime().toString(36)}"`;
      reply
        .header('content-type', MIME_BY_EXTENSION[ext] ?? 'application/octet-stream')
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', CSP)
        .header('content-disposition', contentDisposition(inline, humanName))
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('etag', etag)
        .header('last-modified', stat.lastModified.toUTCString())
        .header('accept-ranges', 'bytes');
      if (request.headers['if-none-match'] === etag) return reply.code(304).send();
      const ifRange = request.headers['if-range'];
      const range = ifRange && ifRange !== etag ? 'ignore' : parseRange(request.headers.range, stat.size);
      if (range === 'unsatisfiable') {
        return reply
          .code(416)
          .header('content-range', `bytes */${stat.size}`)
          .type('text/plain; charset=utf-8')
          .send('Range not satisfiable');
      }
      const part = range === 'ignore' ? null : range;
      const length = part ? part.end - part.start + 1 : stat.size;
      reply.header('content-length', String(length));
      if (part) reply.code(206).header('content-range', `bytes ${part.start}-${part.end}/${stat.size}`);
      // An empty stream keeps the content-length set above (an empty body would reset it to 0).
      if (request.method === 'HEAD') return reply.send(Readable.from([]));
      const body = await deps.storage.read(name, part ?? undefined);
      if (!body) return missing();
      return reply.send(body);
    };
    // Fastify answers HEAD from this GET route; the handler skips reading the object for it.
    app.get(`${FILE_URL_PREFIX}:name`, serve);
  };
}
