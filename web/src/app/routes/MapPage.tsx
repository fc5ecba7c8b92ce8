import { SearchBox } from '@/features/feed/components/SearchBox';
import TalesMapPage from '@/features/map/components/TalesMapPage';

/** /map: the map of tales (its own chunk, with Leaflet), searched with the feed's search box. */
export default function MapPage() {
  return <TalesMapPage renderSearch={(txt, onSearch) => <SearchBox value={txt} onSearch={onSearch} />} />;
}
