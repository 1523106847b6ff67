import { BaseMap } from '../features/map';

/** The base map under a CRUD kit GeoMap, with its layer picker. */
export default function PickerBaseMap() {
  return <BaseMap picker />;
}
