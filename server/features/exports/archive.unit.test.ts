import { describe, expect, it } from 'vitest';
import { archiveNameOf, hrefOf, localised } from './archive';

describe("a stored file's name in the archive", () => {
  it('keeps the name a person gave it, with nothing a path, a shell or a terminal would read', () => {
    expect(archiveNameOf({ id: 7, name_human: 'Отпуск 2026.jpg' })).toBe('files/7-Отпуск 2026.jpg');
    expect(archiveNameOf({ id: 7, name_human: '../../etc/passwd' })).toBe('files/7-_.._etc_passwd');
    expect(archiveNameOf({ id: 7, name_human: 'C:\\Users\\a?.txt' })).toBe('files/7-C_Users_a_.txt');
    expect(archiveNameOf({ id: 7, name_human: 'bell\u0007\u001b[31mred.txt' })).toBe('files/7-bell_[31mred.txt');
    expect(archiveNameOf({ id: 7, name_human: '...' })).toBe('files/7-file');
    expect(archiveNameOf({ id: 7, name_human: 'e\u0301t\u00e9.txt' })).toBe('files/7-\u00e9t\u00e9.txt');
    expect(archiveNameOf({ id: 7, name_human: 'x'.repeat(300) })).toHaveLength('files/7-'.length + 100);
    // cut by characters, never in the middle of one (an emoji is two UTF-16 units)
    const cut = archiveNameOf({ id: 7, name_human: `${'x'.repeat(99)}😀😀.txt` });
    expect(cut).toBe(`files/7-${'x'.repeat(99)}😀`);
    expect(() => hrefOf(cut)).not.toThrow();
    // a right-to-left override cannot make 'exe.txt' of 'txt.exe'
    expect(archiveNameOf({ id: 7, name_human: 'photo\u202Egpj.exe' })).toBe('files/7-photo_gpj.exe');
    expect(hrefOf('files/7-a #1 100%.txt')).toBe('files/7-a%20%231%20100%25.txt');
  });
});

describe('the offline page', () => {
  it("points the user's own stored files in a text at the archive, and leaves everything else", () => {
    const base = '0123456789abcdef01234567';
    const paths = new Map([[base, 'files/3-bay view.png']]);
    expect(
      localised(`<p><img src="/files/${base}-display.webp" alt="x"><a href="https://tales.example/files/${base}.png">full</a></p>`, paths),
    ).toBe('<p><img src="files/3-bay%20view.png" alt="x"><a href="files/3-bay%20view.png">full</a></p>');
    const other = 'fedcba9876543210fedcba98';
    const html = `<img src="/files/${other}-thumb.webp"><img src="https://elsewhere.example/pic.png">`;
    expect(localised(html, paths)).toBe(html);
  });
});
