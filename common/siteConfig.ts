/** Runtime settings the server hands the web app inside index.html (`<script id="tales-config">`). */
export interface SiteConfig {
  publicUrl: string;
  apiPrefix: string;
  map: {
    tileUrl: string;
    tileAttribution: string;
    satelliteUrl: string;
    labelsUrl: string;
    satelliteAttribution: string;
  };
}

export const SITE_CONFIG_ELEMENT_ID = 'tales-config';
