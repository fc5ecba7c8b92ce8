import { describe, expect, it } from 'vitest';
import { SHARE_NETWORKS, shareLink } from './shareLinks';

const payload = { url: 'https://tales.example/my-tale', title: 'Hello & bye', text: 'A short excerpt…' };

describe('shareLink', () => {
  it('carries the address to every network', () => {
    for (const n of SHARE_NETWORKS) expect(decodeURIComponent(shareLink(n, payload).replace(/\+/g, ' '))).toContain(payload.url);
  });
  it('builds the documented addresses', () => {
    const vk = new URL(shareLink('vk', payload));
    expect(vk.origin + vk.pathname).toBe('https://vk.com/share.php');
    expect(vk.searchParams.get('url')).toBe(payload.url);
    expect(vk.searchParams.get('title')).toBe(payload.title);
    expect(vk.searchParams.get('description')).toBe(payload.text);

    const tg = new URL(shareLink('telegram', payload));
    expect(tg.origin + tg.pathname).toBe('https://t.me/share/url');
    expect(tg.searchParams.get('text')).toBe('Hello & bye\nA short excerpt…');

    const wa = new URL(shareLink('whatsapp', payload));
    expect(wa.searchParams.get('text')).toBe('Hello & bye\nA short excerpt…\nhttps://tales.example/my-tale');

    expect(new URL(shareLink('facebook', payload)).searchParams.get('u')).toBe(payload.url);
    expect(new URL(shareLink('linkedin', payload)).searchParams.get('url')).toBe(payload.url);
    expect(shareLink('viber', payload)).toMatch(/^viber:\/\/forward\?text=/);
  });
  it('leaves empty parts out', () => {
    const tg = new URL(shareLink('telegram', { ...payload, title: '', text: '' }));
    expect(tg.searchParams.has('text')).toBe(false);
  });
});
