import { MapFields } from '@/features/map/components/MapFields';
import TaleEditForm, { type TaleEditFormProps } from '@/features/tale/components/TaleEditForm';

/**
 * The tale screen in edit mode: the tale's form with the map feature's fields in it. Its own chunk
 * (it brings the editor, the date picker and the map fields), loaded only when someone edits.
 */
export default function TaleEditScreen(props: Omit<TaleEditFormProps, 'renderMapFields'>) {
  return <TaleEditForm {...props} renderMapFields={(fields) => <MapFields {...fields} />} />;
}
