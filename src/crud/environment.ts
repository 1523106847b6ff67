import { createContext, useContext, type ComponentType } from 'react';
import type { PermissionCode } from '@shared/permissions';
import type { RootState } from '../app/rootReducer';

/**
 * What the kit needs of the signed-in app, given to it rather than imported (src/crud stands below the features):
 * whether the user holds a permission, the app language, and the base map a GeoMap draws its shapes on. The app
 * shell provides it around the signed-in pages (src/app/MainShell.tsx).
 */
export interface CrudEnvironment {
  selectCan: (state: RootState, code: PermissionCode) => boolean;
  selectLanguage: (state: RootState) => string;
  /** Rendered inside a GeoMap's map, under its shapes. */
  BaseMap: ComponentType;
}

export const CrudEnvironmentContext = createContext<CrudEnvironment | null>(null);

export function useCrudEnvironment(): CrudEnvironment {
  const environment = useContext(CrudEnvironmentContext);
  if (!environment) throw new Error('The CRUD kit is used outside the app shell: no CrudEnvironmentContext.');
  return environment;
}
