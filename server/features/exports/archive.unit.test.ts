import { describe, expect, it } from 'vitest';
import { archiveNameOf } from './archive';

describe("a stored file's name in the archive", () => {
  it('keeps the name a person gave it, with nothing a path, a shell or a terminal would read', () => {
    expect(archiveNameOf({ id: 7, name_human: 'Отпуск 2026.jpg' })).toBe('files/7-Отпуск 2026.jpg');
    expect(archiveNameOf({ id: 7, name_human: '../../etc/passwd' })).toBe('files/7-_.._etc_passwd');
    expect(archiveNameOf({ id: 7, name_human: 'C:\\Users\\a?.txt' })).toBe('files/7-C_Users_a_.txt');
    expect(archiveNameOf({ id: 7, name_human: 'bell\u0007\u001b[31mred.txt' })).toBe('files/7-bell_[31mred.txt');
    expect(archiveNameOf({ id: 7, name_human: '...' })).toBe('files/7-file');
    expect(archiveNameOf({ id: 7, name_human: 'e\u0301t\u00e9.txt' })).toBe('files/7-\u00e9t\u00e9.txt');
    expect(archiveNameOf({ id: 7, name_human: 'x'.repeat(300) })).toHaveLength('files/7-'.length + 100);
  });
});
