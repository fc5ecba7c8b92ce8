import { describe, expect, it } from 'vitest';
import { SITE_CONFIG_ELEMENT_ID } from '../../common/siteConfig';
import { loadConfig } from '../config';
import { withSiteConfig } from './site-config';

describe('the settings put into the page', () => {
  it('keeps `$` patterns in a setting as text and the page whole', () => {
    const attribution = "Tiles $& $' $` $$ $1 </script><b>x</b>";
    const page = withSiteConfig(
      '<!doctype html><html><head><title>T</title></head><body></body></html>',
      loadConfig({ MAP_TILE_ATTRIBUTION: attribution }),
    );
    expect(page.match(/<\/head>/g)).toHaveLength(1);
    expect(page.match(/<body>/g)).toHaveLength(1);
    const json = new RegExp(`<script id="${SITE_CONFIG_ELEMENT_ID}" type="application/json">(.*?)</script>`).exec(page)?.[1] ?? '';
    expect(JSON.parse(json).map.tileAttribution).toBe(attribution);
  });
});
