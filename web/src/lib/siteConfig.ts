import { SITE_CONFIG_ELEMENT_ID, type SiteConfig } from '@common/siteConfig';

/** What the app uses when the page carries no configuration (plain `vite` dev server). */
export const DEFAULT_SITE_CONFIG: SiteConfig = {
  publicUrl: '',
  apiPrefix: '/api',
  map: {
    tileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
    tileAttribution: '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors',
    satelliteUrl: 'https://server.arcgisonline.com/ArcGIS/rest/services/World_Imagery/MapServer/tile/{z}/{y}/{x}',
    labelsUrl: 'https://server.arcgisonline.com/ArcGIS/rest/services/Reference/World_Boundaries_and_Places/MapServer/tile/{z}/{y}/{x}',
    satelliteAttribution: 'Tiles &copy; Esri',
  },
};

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;
const str = (v: unknown, fallback: string) => (typeof v === 'string' ? v : fallback);

/** Reads the settings the server put into index.html; anything missing or malformed falls back to the defaults. */
export function readSiteConfig(doc: Document | undefined = typeof document === 'undefined' ? undefined : document): SiteConfig {
  const el = doc?.getElementById(SITE_CONFIG_ELEMENT_ID);
  if (!el?.textContent) return DEFAULT_SITE_CONFIG;
  let raw: unknown;
  try {
    raw = JSON.parse(el.textContent);
  } catch {
    return DEFAULT_SITE_CONFIG;
  }
  if (!isObject(raw)) return DEFAULT_SITE_CONFIG;
  const d = DEFAULT_SITE_CONFIG;
  const map = isObject(raw.map) ? raw.map : {};
  return {
    publicUrl: str(raw.publicUrl, d.publicUrl),
    apiPrefix: str(raw.apiPrefix, d.apiPrefix),
    map: {
      // an empty tile URL would leave a grey map: keep the default then
      tileUrl: str(map.tileUrl, '') || d.map.tileUrl,
      tileAttribution: str(map.tileAttribution, d.map.tileAttribution),
      satelliteUrl: str(map.satelliteUrl, '') || d.map.satelliteUrl,
      labelsUrl: str(map.labelsUrl, d.map.labelsUrl),
      satelliteAttribution: str(map.satelliteAttribution, d.map.satelliteAttribution),
    },
  };
}

let cached: SiteConfig | null = null;

/** The page's settings, read once. */
export function siteConfig(): SiteConfig {
  cached ??= readSiteConfig();
  return cached;
}

/** The site's public origin for links that leave the browser (sharing): configured, else this page's origin. */
export function publicOrigin(): string {
  const configured = siteConfig().publicUrl.trim().replace(/\/+$/, '');
  if (configured) return configured;
  return typeof location === 'undefined' ? '' : location.origin;
}

/** An app path made absolute against the public origin. */
export function absoluteUrl(path: string): string {
  return `${publicOrigin()}${path.startsWith('/') ? '' : '/'}${path}`;
}
