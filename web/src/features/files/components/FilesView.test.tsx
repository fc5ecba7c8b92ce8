import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import i18next from 'i18next';
import { renderToStaticMarkup } from 'react-dom/server';
import { initReactI18next } from 'react-i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FileRow } from '@common/schemas/file';
import { i18nTestOptions } from '@/i18n/testI18n';
import { fileRow } from '../testing';
import { FilesEditor } from './FilesEditor';
import { FilesView } from './FilesView';

beforeAll(async () => {
  await i18next.use(initReactI18next).init({ ...i18nTestOptions, lng: 'en' });
});

let nextId = 1;
const file = (name: string, extra: Partial<FileRow> = {}): FileRow => fileRow(nextId++, name, extra);

describe('FilesView', () => {
  const files = [
    file('one.mp3'),
    file('photo.jpg'),
    file('two.wav'),
    file('clip.mp4'),
    file('report.pdf'),
    file('data.xlsx'),
    file('notes'),
  ];
  let html = '';
  beforeAll(() => {
    html = renderToStaticMarkup(<FilesView files={files} />);
  });

  it('plays audio as one playlist, in the files’ order', () => {
    const tracks = [...html.matchAll(/<audio[^>]*src="([^"]+)"/g)].map((m) => m[1]);
    expect(tracks).toEqual([files[0].url_path, files[2].url_path]);
    expect(html).toContain('data-testid="files-playlist"');
  });

  it('shows images as thumbnails that open the lightbox', () => {
    expect(html).toContain(`src="${files[1].thumb_url}"`);
    expect(html).toContain('aria-label="Open photo.jpg"');
    expect(html).not.toContain('yarl__'); // the lightbox module is not even loaded before a click
  });

  it('plays video inline', () => {
    expect(html).toMatch(new RegExp(`<video[^>]*src="${files[3].url_path}"[^>]*controls`));
  });

  it('gives other files an icon by display type and a download link with the human name', () => {
    for (const [f, type] of [
      [files[4], 'pdf'],
      [files[5], 'table'],
      [files[6], 'generic'],
    ] as const) {
      expect(html).toContain(`data-display-type="${type}"`);
      expect(html).toContain(`href="${f.url_path}" download="${f.name_human}"`);
    }
    expect(html).toContain('2 KB');
  });

  it('has no controls to change anything', () => {
    expect(html).not.toMatch(/<input|file-delete|file-move/);
  });
});

describe('FilesEditor', () => {
  const render = (files: FileRow[], mayManage: (f: FileRow) => boolean) =>
    renderToStaticMarkup(
      <QueryClientProvider client={new QueryClient()}>
        <FilesEditor taleId={7} files={files} mayManage={mayManage} onDone={() => {}} />
      </QueryClientProvider>,
    );

  it('gives the owner a name field, arrows, a drag handle and delete for each file', () => {
    const files = [file('a.mp3'), file('b.mp3')];
    const html = render(files, () => true);
    expect(html.match(/data-testid="file-name-input"/g)).toHaveLength(2);
    expect(html.match(/data-testid="file-delete"/g)).toHaveLength(2);
    expect(html.match(/draggable="true"/g)).toHaveLength(2);
    expect(html).toContain('aria-label="Move b.mp3 up"');
    // the first cannot go up, the last cannot go down; nothing changed yet, so Save waits
    expect(html).toMatch(/<button[^>]*disabled=""[^>]*aria-label="Move a.mp3 up"/);
    expect(html).toMatch(/<button[^>]*disabled=""[^>]*data-testid="files-save"/);
  });

  it('leaves files of others read-only', () => {
    const files = [file('mine.txt', { owner_id: 1 }), file('theirs.txt', { owner_id: 2 })];
    const html = render(files, (f) => f.owner_id === 1);
    expect(html.match(/data-testid="file-delete"/g)).toHaveLength(1);
    expect(html).toMatch(/readOnly=""[^>]*value="theirs.txt"|value="theirs.txt"[^>]*readOnly=""/i);
  });
});
