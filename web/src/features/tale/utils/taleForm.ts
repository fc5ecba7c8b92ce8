import { AUTHOR_FLAGS, type MapType, STAFF_FLAGS, type Tale, type TaleFlag } from '@common/models/tale';

/** The tale editor's fields: flags as checkboxes, numbers as typed. */
export type TaleFormValues = {
  header: string;
  body: string;
  body_free: string;
  publish_at: number | null;
  router_alias: string;
  iframe: string;
  seo_index: string;
  geo_is_map_shown: boolean;
  geo_latitude: number;
  geo_longitude: number;
  geo_zoom: number;
  geo_map_type: MapType;
} & Record<TaleFlag, boolean>;

/** Fields a server message may name, to show it under the field. */
export const TALE_FORM_FIELDS = [
  'header',
  'body',
  'body_free',
  'publish_at',
  'router_alias',
  'iframe',
  'seo_index',
  'geo_is_map_shown',
  'geo_latitude',
  'geo_longitude',
  'geo_zoom',
  'geo_map_type',
  ...AUTHOR_FLAGS,
  ...STAFF_FLAGS,
] as const satisfies readonly (keyof TaleFormValues)[];

export function formValuesOf(tale: Tale): TaleFormValues {
  const flags = {} as Record<TaleFlag, boolean>;
  for (const f of [...AUTHOR_FLAGS, ...STAFF_FLAGS]) flags[f] = tale[f] === 1;
  return {
    header: tale.header ?? '',
    body: tale.body ?? '',
    body_free: tale.body_free ?? '',
    publish_at: tale.publish_at || null,
    router_alias: tale.router_alias ?? '',
    iframe: tale.iframe ?? '',
    seo_index: String(tale.seo_index ?? ''),
    geo_is_map_shown: tale.geo_is_map_shown === 1,
    geo_latitude: tale.geo_latitude ?? 0,
    geo_longitude: tale.geo_longitude ?? 0,
    geo_zoom: tale.geo_zoom ?? 11,
    geo_map_type: tale.geo_map_type ?? 'map',
    ...flags,
  };
}

/** Two sets of values say the same (a remembered draft equal to the tale is not worth offering). */
export const sameValues = (a: TaleFormValues, b: TaleFormValues) =>
  (Object.keys(a) as (keyof TaleFormValues)[]).every((k) => String(a[k]) === String(b[k]));
