import { lazy } from 'react';
import { CrudEnvironmentContext, type CrudEnvironment } from '../crud/environment';
import { selectCan } from '../features/auth';
import { selectLanguage } from '../features/i18n';
import MainLayout from '../features/layout/MainLayout';

// The picker variant of the map feature's base map, loaded with the first GeoMap (itself a chunk of its own).
const BaseMap = lazy(() => import(/* webpackChunkName: "geo-map" */ './PickerBaseMap'));

/** What the CRUD kit is given by the app (see CrudEnvironment): the permission check, the language, the base map. */
export const crudEnvironment: CrudEnvironment = { selectCan, selectLanguage, BaseMap };

/** The signed-in console's frame with the CRUD kit's environment around every page. */
export default function MainShell() {
  return (
    <CrudEnvironmentContext.Provider value={crudEnvironment}>
      <MainLayout />
    </CrudEnvironmentContext.Provider>
  );
}
