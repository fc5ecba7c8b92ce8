import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { displayTypeOf } from '../../../common/schemas/file';
import { sweepTemporaryFiles, tempDirOf } from './intake';
import { cleanFileName } from './inspect';
import { parseRange } from './serve';

describe('file names', () => {
  it.each([
    ['../../etc/passwd', 'passwd'],
    ['C:\\Users\\me\\Desktop\\report final .docx', 'report final.docx'],
    ['...hidden.txt', 'hidden.txt'],
    ['a<b>c:"d|e?f*.txt', 'abcdef.txt'],
    ['', 'file'],
    [`${'x'.repeat(300)}.pdf`, `${'x'.repeat(196)}.pdf`],
  ])('%j is kept as %j', (raw, clean) => {
    expect(cleanFileName(raw)).toBe(clean);
  });

  it('computes the display type from the extension (spec section 3, svg as image)', () => {
    expect(
      ['a.TXT', 'b.docx', 'c.xlsx', 'd.pptx', 'e.msg', 'f.pdf', 'g.rar', 'h.htm', 'i.wav', 'j.avi', 'k.svg', 'l.exe', 'noext'].map(
        displayTypeOf,
      ),
    ).toEqual([
      'text',
      'text_vector',
      'table',
      'presentation',
      'email_message',
      'pdf',
      'archive',
      'web',
      'audio',
      'video',
      'image',
      'generic',
      'generic',
    ]);
  });
});

describe('byte ranges', () => {
  it.each([
    ['bytes=0-99', { start: 0, end: 99 }],
    ['bytes=100-', { start: 100, end: 999 }],
    ['bytes=-100', { start: 900, end: 999 }],
    ['bytes=900-5000', { start: 900, end: 999 }],
    ['bytes=1000-', 'unsatisfiable'],
    ['bytes=-0', 'unsatisfiable'],
    ['bytes=5-1', 'ignore'],
    ['bytes=0-1,5-6', 'ignore'],
    ['items=0-1', 'ignore'],
    [undefined, 'ignore'],
  ])('%s of 1000 bytes', (header, expected) => {
    expect(parseRange(header, 1000)).toEqual(expected);
  });
});

describe('temporary files', () => {
  it('sweeps the ones an earlier run left, and keeps fresh ones', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'tales-sweep-'));
    const dir = tempDirOf(dataDir);
    await fs.mkdir(dir, { recursive: true });
    await fs.writeFile(path.join(dir, 'old'), 'x');
    await fs.writeFile(path.join(dir, 'fresh'), 'y');
    const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
    await fs.utimes(path.join(dir, 'old'), twoHoursAgo, twoHoursAgo);
    expect(await sweepTemporaryFiles(dataDir)).toBe(1);
    expect(await fs.readdir(dir)).toEqual(['fresh']);
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  it('sweeps a request folder by its newest write: a died one goes whole, a slow live one stays', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'tales-sweep-'));
    const dir = tempDirOf(dataDir);
    const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
    for (const req of ['req-died', 'req-slow']) {
      await fs.mkdir(path.join(dir, req), { recursive: true });
      for (const name of ['file-0', 'file-0.thumb']) {
        await fs.writeFile(path.join(dir, req, name), 'x');
        await fs.utimes(path.join(dir, req, name), twoHoursAgo, twoHoursAgo);
      }
    }
    // the slow upload is still writing its second file
    await fs.writeFile(path.join(dir, 'req-slow', 'file-1'), 'still arriving');
    for (const req of ['req-died', 'req-slow']) await fs.utimes(path.join(dir, req), twoHoursAgo, twoHoursAgo);
    expect(await sweepTemporaryFiles(dataDir)).toBe(1);
    expect(await fs.readdir(dir)).toEqual(['req-slow']);
    await fs.rm(dataDir, { recursive: true, force: true });
  });
});
