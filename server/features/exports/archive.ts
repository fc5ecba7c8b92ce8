import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { once } from 'node:events';
import { finished } from 'node:stream/promises';
import { ZipArchive } from 'archiver';
import { appRoutes } from '../../../common/routes';
import { fullName } from '../../../common/models/user';
import type { Deps } from '../../deps';
import { escapeHtml } from '../../html/escape';
import { findUser } from '../auth/service';
import { type StoredFile, filesStoredBy, storedBy } from '../files/service';
import { likesGivenBy, likesGivenList } from '../likes/service';
import { type WrittenRow, postsByIds, writtenBy, writtenRows } from '../tales/queries';

/** Rows read from the database at a time: a user with ten thousand tales is never held at once. */
const BATCH = 200;

export interface ArchiveJob {
  id: number;
  user_id: number;
  site_base: string;
}

/** Called after each item written (the profile, each tale, comment and file); may throw to stop. */
export type Progress = (done: number, total: number) => Promise<void>;

/** A relative link to a path in the archive, each segment encoded (a name may hold anything a URL reads). */
export const hrefOf = (archivePath: string) => archivePath.split('/').map(encodeURIComponent).join('/');

/**
 * A tale's or comment's HTML for the offline page: its links and images of the user's own stored
 * files (on the site at /files/<name>, or a display or thumbnail copy of one) point into the
 * archive instead, so they show without the site.
 */
export function localised(html: string, pathOfBase: Map<string, string>): string {
  return html.replace(
    /(\s(?:src|href)=")(?:https?:\/\/[^"/]+)?\/files\/([0-9a-f]{24})(?:\.[a-z0-9]{2,5}|-display\.webp|-thumb\.webp)"/g,
    (whole, attr: string, base: string) => {
      const local = pathOfBase.get(base);
      return local ? `${attr}${hrefOf(local)}"` : whole;
    },
  );
}

/** A file's name in the archive: its id (unique) and its own name without anything a path or a shell would read. */
export function archiveNameOf(file: Pick<StoredFile, 'id' | 'name_human'>): string {
  const clean = Array.from(
    file.name_human
      .normalize('NFC')
      // control and format characters (a right-to-left override can hide a name's real ending) and what paths read
      .replace(/[\p{Cc}\p{Cf}/\\:*?"<>|#%]+/gu, '_')
      .replace(/^[.\s]+|[.\s]+$/g, ''),
  )
    .slice(0, 100)
    .join('');
  return `files/${file.id}-${clean || 'file'}`;
}

const iso = (seconds: number | null | undefined) => (seconds == null ? null : new Date(seconds * 1000).toISOString());

/** The words of the archive's page, in the user's language. */
const WORDS = {
  en: {
    title: (name: string) => `${name}: everything on Tales`,
    intro: (site: string, date: string) =>
      `Your profile, tales, comments, likes and files from ${site}, as they were on ${date}. The same is in the .json files beside this page, for other programs.`,
    profile: 'Profile',
    mail: 'Mail',
    name: 'Name',
    about: 'About',
    birth: 'Born',
    since: 'Member since',
    tales: (n: number) => `Tales (${n})`,
    comments: (n: number) => `Comments (${n})`,
    likes: (n: number) => `Likes given (${n})`,
    files: (n: number) => `Files (${n})`,
    draft: 'draft',
    online: 'online',
    onTale: 'on',
    place: 'Place',
    attached: 'Attached',
    none: 'None.',
    missing: 'not in the archive: the stored file was not found',
  },
  ru: {
    title: (name: string) => `${name}: всё на Tales`,
    intro: (site: string, date: string) =>
      `Ваш профиль, истории, комментарии, лайки и файлы с ${site} на ${date}. То же самое — в файлах .json рядом с этой страницей, для других программ.`,
    profile: 'Профиль',
    mail: 'Почта',
    name: 'Имя',
    about: 'О себе',
    birth: 'Дата рождения',
    since: 'На сайте с',
    tales: (n: number) => `Истории (${n})`,
    comments: (n: number) => `Комментарии (${n})`,
    likes: (n: number) => `Лайки (${n})`,
    files: (n: number) => `Файлы (${n})`,
    draft: 'черновик',
    online: 'на сайте',
    onTale: 'к',
    place: 'Место',
    attached: 'Файлы',
    none: 'Нет.',
    missing: 'нет в архиве: сохранённый файл не найден',
  },
};

/**
 * A text file written a piece at a time, waiting when the disk is behind. A write error (a full
 * disk) fails the next write or the close, never the process; `destroy` lets go of the file at once.
 */
class TextFile {
  private readonly out: fs.WriteStream;
  constructor(file: string, opened: { destroy(): void }[]) {
    this.out = fs.createWriteStream(file);
    this.out.on('error', () => undefined);
    opened.push(this.out);
  }
  async write(text: string) {
    if (this.out.errored) throw this.out.errored;
    if (!this.out.write(text)) await once(this.out, 'drain');
  }
  async close() {
    this.out.end();
    await finished(this.out);
  }
}

/** A JSON array written to a file an item at a time. */
class JsonArray {
  private first = true;
  private readonly file: TextFile;
  constructor(file: string, opened: { destroy(): void }[]) {
    this.file = new TextFile(file, opened);
  }
  async push(item: unknown) {
    await this.file.write(`${this.first ? '[\n' : ',\n'}${JSON.stringify(item, null, 2).replace(/^/gm, '  ')}`);
    this.first = false;
  }
  async close() {
    await this.file.write(this.first ? '[]\n' : '\n]\n');
    await this.file.close();
  }
}

const STYLE = `body{font:16px/1.5 system-ui,sans-serif;max-width:46rem;margin:2rem auto;padding:0 1rem;color:#222}
h1{font-size:1.6rem}h2{margin-top:2.5rem;border-bottom:1px solid #ccc}h3{margin-bottom:.2rem}
article{margin:1.5rem 0;padding-bottom:1rem;border-bottom:1px solid #eee}.meta{color:#555;font-size:.9rem}
img{max-width:100%;height:auto}dt{font-weight:600}dd{margin:0 0 .5rem}.tag{color:#555}`;

/**
 * Writes the archive of one user's data to `zipPath`, building its documents in `workDir` first:
 * profile.json, tales.json (every saved post, drafts and scheduled ones too), comments.json,
 * likes.json, files.json, index.html (all of it readable in a browser, offline), and files/ with
 * every stored file as it was uploaded. Answers the archive's size in bytes.
 */
export async function writeArchive(deps: Deps, job: ArchiveJob, workDir: string, zipPath: string, progress: Progress): Promise<number> {
  // every file and stream this opens, let go of at once if the archive is not finished (an error, a lost claim)
  const opened: { destroy(): void }[] = [];
  let completed = false;
  try {
    const { db, storage } = deps;
    const found = await findUser(db, job.user_id);
    if (!found) throw new Error('the user is gone');
    const { user, roles } = found;
    const lang = user.language === 'ru' ? 'ru' : 'en';
    const w = WORDS[lang];
    const site = job.site_base.replace(/\/+$/, '');
    const written = await writtenBy(db, job.user_id);
    const stored = await storedBy(db, job.user_id);
    const likeCount = await likesGivenBy(db, job.user_id);
    const postCount = written.tales + written.drafts;
    const total = 1 + postCount + written.comments + stored.files;
    let done = 0;
    const step = async () => {
      done += 1;
      await progress(Math.min(done, total), total);
    };
    const name = fullName(user) || user.mail;
    const link = (t: { id: number; router_alias?: string | null }) => `${site}${appRoutes.taleOf(t)}`;

    // files first: the tales name theirs
    const filesOfTale = new Map<number, { name: string; path: string }[]>();
    const pathOfBase = new Map<string, string>();
    const fileList: (StoredFile & { path: string })[] = [];
    for (let after = 0; ; ) {
      const batch = await filesStoredBy(db, job.user_id, { afterId: after, limit: BATCH });
      for (const f of batch) {
        const entry = { ...f, path: archiveNameOf(f) };
        fileList.push(entry);
        pathOfBase.set(f.name_fs.slice(0, f.name_fs.indexOf('.') < 0 ? undefined : f.name_fs.indexOf('.')), entry.path);
        if (f.tale_id != null)
          filesOfTale.set(f.tale_id, [...(filesOfTale.get(f.tale_id) ?? []), { name: f.name_human, path: entry.path }]);
      }
      if (batch.length < BATCH) break;
      after = batch[batch.length - 1].id;
    }

    const profile = {
      id: user.id,
      mail: user.mail,
      firstname: user.firstname,
      lastname: user.lastname,
      about_myself: user.about_myself,
      birth: iso(user.birth),
      emblem: user.emblem ? `${site}${user.emblem.startsWith('/') ? '' : '/'}${user.emblem}` : '',
      language: user.language,
      timezone: user.timezone,
      roles,
      created_at: iso(user.created_at),
      profile_url: `${site}${appRoutes.profileOf(user.id)}`,
    };
    await fsp.writeFile(path.join(workDir, 'profile.json'), `${JSON.stringify(profile, null, 2)}\n`);

    const page = new TextFile(path.join(workDir, 'index.html'), opened);
    const made = new Date().toISOString().slice(0, 10);
    await page.write(`<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src https: http: data:; style-src 'unsafe-inline'; media-src https: http:">
<title>${escapeHtml(w.title(name))}</title>
<style>${STYLE}</style>
</head>
<body>
<h1>${escapeHtml(w.title(name))}</h1>
<p>${escapeHtml(w.intro(site, made))}</p>
<h2>${w.profile}</h2>
<dl>
<dt>${w.name}</dt><dd>${escapeHtml(name)}</dd>
<dt>${w.mail}</dt><dd>${escapeHtml(user.mail)}</dd>
${user.about_myself ? `<dt>${w.about}</dt><dd>${escapeHtml(user.about_myself)}</dd>` : ''}
${user.birth ? `<dt>${w.birth}</dt><dd>${escapeHtml(iso(user.birth)?.slice(0, 10) ?? '')}</dd>` : ''}
<dt>${w.since}</dt><dd>${escapeHtml(iso(user.created_at)?.slice(0, 10) ?? '')}</dd>
</dl>
`);
    await step();

    // tales: the JSON and the page together, a batch at a time
    const talesJson = new JsonArray(path.join(workDir, 'tales.json'), opened);
    await page.write(`<h2>${escapeHtml(w.tales(postCount))}</h2>\n`);
    if (!postCount) await page.write(`<p>${w.none}</p>\n`);
    for (let after = 0; ; ) {
      const batch = await writtenRows(db, job.user_id, 'POST', { afterId: after, limit: BATCH });
      for (const t of batch) {
        const attached = filesOfTale.get(t.id) ?? [];
        await talesJson.push(taleJson(t, link(t), attached));
        await page.write(taleHtml({ ...t, body: localised(t.body, pathOfBase) }, link(t), attached, w));
        await step();
      }
      if (batch.length < BATCH) break;
      after = batch[batch.length - 1].id;
    }
    await talesJson.close();

    const commentsJson = new JsonArray(path.join(workDir, 'comments.json'), opened);
    await page.write(`<h2>${escapeHtml(w.comments(written.comments))}</h2>\n`);
    if (!written.comments) await page.write(`<p>${w.none}</p>\n`);
    for (let after = 0; ; ) {
      const batch = await writtenRows(db, job.user_id, 'COMMENT', { afterId: after, limit: BATCH });
      // the posts these comments are under, as a signed-in reader may see them now (or the user's own):
      // another author's draft or scheduled tale is named by neither header nor address
      const posts = await postsByIds(db, [...new Set(batch.map((c) => c.root_tale_id).filter((x): x is number => x != null))], {
        readerId: job.user_id,
        now: Math.floor(Date.now() / 1000),
      });
      for (const c of batch) {
        const post = c.root_tale_id != null ? posts.get(c.root_tale_id) : undefined;
        const where = post && c.root_tale_id != null ? link({ id: c.root_tale_id, router_alias: post.router_alias }) : null;
        await commentsJson.push({
          id: c.id,
          body_html: c.body,
          body_text: c.body_txt,
          published_at: iso(c.publish_at),
          edited_at: iso(c.edited_at),
          tale_id: c.root_tale_id,
          tale_header: post?.header ?? null,
          answer_to_id: c.answer_to_tale_id,
          tale_url: where,
        });
        await page.write(
          `<article><p class="meta">${escapeHtml(iso(c.publish_at)?.slice(0, 16).replace('T', ' ') ?? '')}${
            where ? ` · ${w.onTale} <a href="${escapeHtml(where)}">${escapeHtml(post?.header || `#${c.root_tale_id}`)}</a>` : ''
          }</p>\n${localised(c.body, pathOfBase)}\n</article>\n`,
        );
        await step();
      }
      if (batch.length < BATCH) break;
      after = batch[batch.length - 1].id;
    }
    await commentsJson.close();

    const likesJson = new JsonArray(path.join(workDir, 'likes.json'), opened);
    await page.write(`<h2>${escapeHtml(w.likes(likeCount))}</h2>\n<ul>\n`);
    for (let after = 0; ; ) {
      const batch = await likesGivenList(db, job.user_id, { afterId: after, limit: BATCH });
      for (const l of batch) {
        // a liked comment is read under its post
        const url = link({ id: l.root_tale_id ?? l.tale_id });
        await likesJson.push({ tale_id: l.tale_id, is_comment: l.root_tale_id != null, liked_at: iso(l.created_at), tale_url: url });
        await page.write(
          `<li><a href="${escapeHtml(url)}">#${l.tale_id}</a> · ${escapeHtml(iso(l.created_at)?.slice(0, 10) ?? '')}</li>\n`,
        );
      }
      if (batch.length < BATCH) break;
      after = batch[batch.length - 1].id;
    }
    await likesJson.close();
    await page.write('</ul>\n');

    // the archive: the documents, then each stored file streamed from the storage in turn
    const archive = new ZipArchive({ zlib: { level: 6 } });
    const out = fs.createWriteStream(zipPath);
    opened.push({ destroy: () => archive.abort() }, out);
    const written$ = finished(out);
    written$.catch(() => undefined);
    let failure: Error | null = null;
    archive.on('error', (e) => {
      failure = e;
    });
    archive.on('warning', (e) => {
      failure = e;
    });
    archive.pipe(out);
    const filesJson: unknown[] = [];
    await page.write(`<h2>${escapeHtml(w.files(fileList.length))}</h2>\n<ul>\n`);
    for (const f of fileList) {
      const stream = await storage.read(f.name_fs);
      const entry = {
        id: f.id,
        name: f.name_human,
        mime: f.mime,
        size: f.size,
        uploaded_at: iso(f.created_at),
        tale_id: f.tale_id,
        path: stream ? f.path : null,
      };
      filesJson.push(entry);
      if (stream) {
        opened.push(stream);
        archive.append(stream, { name: f.path, date: new Date(f.created_at * 1000) });
        await once(archive, 'entry');
        if (failure) throw failure;
        await page.write(`<li><a href="${escapeHtml(hrefOf(f.path))}">${escapeHtml(f.name_human)}</a></li>\n`);
      } else {
        await page.write(`<li>${escapeHtml(f.name_human)} (${w.missing})</li>\n`);
      }
      await step();
    }
    await page.write('</ul>\n</body>\n</html>\n');
    await page.close();
    await fsp.writeFile(path.join(workDir, 'files.json'), `${JSON.stringify(filesJson, null, 2)}\n`);
    for (const doc of ['index.html', 'profile.json', 'tales.json', 'comments.json', 'likes.json', 'files.json']) {
      archive.file(path.join(workDir, doc), { name: doc });
    }
    await archive.finalize();
    await written$;
    if (failure) throw failure;
    completed = true;
    return (await fsp.stat(zipPath)).size;
  } finally {
    if (!completed) for (const stream of opened) stream.destroy();
  }
}

function taleJson(t: WrittenRow, url: string, attached: { name: string; path: string }[]) {
  const hasPlace = t.geo_latitude !== 0 || t.geo_longitude !== 0;
  return {
    id: t.id,
    url,
    header: t.header,
    body_html: t.body,
    body_text: t.body_txt,
    tags: t.tags,
    lang: t.lang,
    alias: t.router_alias ?? '',
    published_at: iso(t.publish_at),
    created_at: iso(t.created_at),
    updated_at: iso(t.updated_at),
    edited_at: iso(t.edited_at),
    is_draft: t.is_draft === 1,
    is_for_registered: t.is_for_registered === 1,
    is_adult: t.is_adult_denied === 1,
    comments_closed: t.is_comment_denied === 1,
    place: hasPlace ? { latitude: t.geo_latitude, longitude: t.geo_longitude, zoom: t.geo_zoom, shown: t.geo_is_map_shown === 1 } : null,
    files: attached.map((a) => a.path),
  };
}

function taleHtml(t: WrittenRow, url: string, attached: { name: string; path: string }[], w: (typeof WORDS)['en']): string {
  const date = iso(t.publish_at)?.slice(0, 16).replace('T', ' ') ?? '';
  const place =
    t.geo_latitude !== 0 || t.geo_longitude !== 0 ? `<p class="meta">${w.place}: ${t.geo_latitude}, ${t.geo_longitude}</p>` : '';
  const files = attached.length
    ? `<p class="meta">${w.attached}: ${attached.map((a) => `<a href="${escapeHtml(hrefOf(a.path))}">${escapeHtml(a.name)}</a>`).join(', ')}</p>`
    : '';
  return `<article>
<h3>${escapeHtml(t.header || '—')}</h3>
<p class="meta">${escapeHtml(date)}${t.is_draft === 1 ? ` · ${w.draft}` : ''} · <a href="${escapeHtml(url)}">${w.online}</a></p>
${t.body}
${t.tags.length ? `<p class="tag">${t.tags.map((x) => `#${escapeHtml(x)}`).join(' ')}</p>` : ''}
${place}${files}
</article>
`;
}
