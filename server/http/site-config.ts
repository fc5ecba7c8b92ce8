import { SITE_CONFIG_ELEMENT_ID, type SiteConfig } from '../../common/siteConfig';
import type { Config } from '../config';

export function siteConfig(config: Config): SiteConfig {
  return {
    publicUrl: config.PUBLIC_URL,
    apiPrefix: config.API_PREFIX,
    map: {
      tileUrl: config.MAP_TILE_URL,
      tileAttribution: config.MAP_TILE_ATTRIBUTION,
      satelliteUrl: config.MAP_SATELLITE_URL,
      labelsUrl: config.MAP_LABELS_URL,
      satelliteAttribution: config.MAP_SATELLITE_ATTRIBUTION,
    },
  };
}

/**
 * Puts the web app's runtime settings into the page; `<` is escaped so the JSON cannot end the
 * script, and it goes in through a replacer function, so a `$&` or `$'` in a setting stays text.
 */
export function withSiteConfig(html: string, config: Config): string {
  const json = JSON.stringify(siteConfig(config)).replace(/</g, '\\u003c');
  const script = `  <script id="${SITE_CONFIG_ELEMENT_ID}" type="application/json">${json}</script>\n  </head>`;
  return html.replace(/<\/head>/i, () => script);
}
