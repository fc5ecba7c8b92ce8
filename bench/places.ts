/**
 * Where seeded tales are pinned (bench/seed.ts) and which viewports the map benchmark asks for
 * (bench/map.ts): cities with a share of the geo-tagged tales each, as a site's readers cluster
 * where people live. Coordinates are the cities' centres.
 */
export interface City {
  name: string;
  lat: number;
  lng: number;
  /** Relative share of the tales pinned around cities. */
  weight: number;
}

export const CITIES: readonly City[] = [
  { name: 'Moscow', lat: 55.7558, lng: 37.6173, weight: 14 },
  { name: 'Saint Petersburg', lat: 59.9343, lng: 30.3351, weight: 8 },
  { name: 'Novosibirsk', lat: 55.0084, lng: 82.9357, weight: 3 },
  { name: 'Yekaterinburg', lat: 56.8389, lng: 60.6057, weight: 3 },
  { name: 'Kazan', lat: 55.7961, lng: 49.1064, weight: 2 },
  { name: 'Vladivostok', lat: 43.1155, lng: 131.8855, weight: 1 },
  { name: 'Kyiv', lat: 50.4501, lng: 30.5234, weight: 3 },
  { name: 'Minsk', lat: 53.9006, lng: 27.559, weight: 2 },
  { name: 'Almaty', lat: 43.222, lng: 76.8512, weight: 2 },
  { name: 'Tbilisi', lat: 41.7151, lng: 44.8271, weight: 1 },
  { name: 'Berlin', lat: 52.52, lng: 13.405, weight: 4 },
  { name: 'London', lat: 51.5074, lng: -0.1278, weight: 6 },
  { name: 'Paris', lat: 48.8566, lng: 2.3522, weight: 4 },
  { name: 'Madrid', lat: 40.4168, lng: -3.7038, weight: 2 },
  { name: 'Rome', lat: 41.9028, lng: 12.4964, weight: 2 },
  { name: 'Istanbul', lat: 41.0082, lng: 28.9784, weight: 2 },
  { name: 'New York', lat: 40.7128, lng: -74.006, weight: 6 },
  { name: 'San Francisco', lat: 37.7749, lng: -122.4194, weight: 3 },
  { name: 'Toronto', lat: 43.6532, lng: -79.3832, weight: 2 },
  { name: 'Mexico City', lat: 19.4326, lng: -99.1332, weight: 1 },
  { name: 'São Paulo', lat: -23.5505, lng: -46.6333, weight: 2 },
  { name: 'Buenos Aires', lat: -34.6037, lng: -58.3816, weight: 1 },
  { name: 'Tokyo', lat: 35.6762, lng: 139.6503, weight: 3 },
  { name: 'Seoul', lat: 37.5665, lng: 126.978, weight: 1 },
  { name: 'Delhi', lat: 28.7041, lng: 77.1025, weight: 1 },
  { name: 'Sydney', lat: -33.8688, lng: 151.2093, weight: 1 },
  { name: 'Auckland', lat: -36.8485, lng: 174.7633, weight: 1 },
  { name: 'Suva', lat: -18.1248, lng: 178.4501, weight: 1 },
];

/** Share of seeded tales that carry a place at all, and of those, how many are pinned near a city. */
export const GEO_SHARE = 0.3;
export const NEAR_CITY_SHARE = 0.85;
/** Spread of the tales around a city centre, in degrees of latitude (about 9 km). */
export const CITY_SPREAD = 0.08;

const TOTAL_WEIGHT = CITIES.reduce((n, c) => n + c.weight, 0);

/** A city by its share, for a uniform draw `r` in [0, 1). */
export function cityAt(r: number): City {
  let left = r * TOTAL_WEIGHT;
  for (const city of CITIES) {
    left -= city.weight;
    if (left < 0) return city;
  }
  return CITIES[CITIES.length - 1];
}
