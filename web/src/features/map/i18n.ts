import { namespaceRegistrar } from '@/i18n/namespace';
import i18next from 'i18next';

// The map's own strings, added to the app's i18next instance as the 'map' namespace.
export const MAP_NAMESPACE = 'map';

const en = {
  mapLabel: 'Map',
  loading: 'Loading the map…',
  type: 'Map type',
  type_map: 'Map',
  type_satellite: 'Satellite',
  type_hybrid: 'Hybrid',
  fullscreen: 'Full screen',
  exitFullscreen: 'Exit full screen',
  locate: 'Show my location',
  locating: 'Looking for your location…',
  locateFailed: 'Your location is not available.',
  youAreHere: 'You are here',
  showMap: 'Show a map with the tale',
  latLong: 'Latitude, longitude',
  latLongHint: 'Two numbers separated by a comma, e.g. 55.798, 37.619. Or click the map.',
  latitude: 'Latitude',
  longitude: 'Longitude',
  zoom: 'Zoom',
  pickHint: 'Click the map to put the point there.',
};

export type MapStrings = typeof en;

const ru: MapStrings = {
  mapLabel: 'Карта',
  loading: 'Загрузка карты…',
  type: 'Тип карты',
  type_map: 'Схема',
  type_satellite: 'Спутник',
  type_hybrid: 'Гибрид',
  fullscreen: 'На весь экран',
  exitFullscreen: 'Выйти из полноэкранного режима',
  locate: 'Где я?',
  locating: 'Определяем ваше местоположение…',
  locateFailed: 'Ваше местоположение недоступно.',
  youAreHere: 'Вы здесь',
  showMap: 'Показывать карту в истории',
  latLong: 'Широта, долгота',
  latLongHint: 'Два числа через запятую, например 55.798, 37.619. Или щёлкните по карте.',
  latitude: 'Широта',
  longitude: 'Долгота',
  zoom: 'Масштаб',
  pickHint: 'Щёлкните по карте, чтобы поставить точку.',
};

const bundles = { en, ru };
export const registerMapStrings = namespaceRegistrar(MAP_NAMESPACE, bundles);

registerMapStrings(i18next);
