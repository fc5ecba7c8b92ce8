/** What is shared: the tale's absolute address, its header and a short excerpt (spec section 2). */
export interface SharePayload {
  url: string;
  title: string;
  text: string;
}

export const SHARE_NETWORKS = ['vk', 'facebook', 'telegram', 'whatsapp', 'viber', 'linkedin'] as const;
export type ShareNetwork = (typeof SHARE_NETWORKS)[number];

export const NETWORK_NAMES: Record<ShareNetwork, string> = {
  vk: 'VK',
  facebook: 'Facebook',
  telegram: 'Telegram',
  whatsapp: 'WhatsApp',
  viber: 'Viber',
  linkedin: 'LinkedIn',
};

const q = (params: Record<string, string>) => new URLSearchParams(Object.entries(params).filter(([, v]) => v !== '')).toString();
const line = (...parts: string[]) => parts.filter(Boolean).join('\n');

/**
 * The share address of each network, with the parameters each one reads. Skype is left out: it
 * closed in May 2025.
 */
export function shareLink(network: ShareNetwork, { url, title, text }: SharePayload): string {
  switch (network) {
    case 'vk':
      return `https://vk.com/share.php?${q({ url, title, description: text })}`;
    case 'facebook':
      // Facebook takes only the address; the title and text come from the page's Open Graph tags
      return `https://www.facebook.com/sharer/sharer.php?${q({ u: url })}`;
    case 'telegram':
      return `https://t.me/share/url?${q({ url, text: line(title, text) })}`;
    case 'whatsapp':
      return `https://wa.me/?${q({ text: line(title, text, url) })}`;
    case 'viber':
      return `viber://forward?${q({ text: line(title, text, url) })}`;
    case 'linkedin':
      // LinkedIn's current endpoint reads only the address; title and summary come from Open Graph too
      return `https://www.linkedin.com/sharing/share-offsite/?${q({ url })}`;
  }
}
