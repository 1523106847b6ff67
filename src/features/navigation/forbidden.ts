import { createContext, useContext } from 'react';

/** True while the guard refuses the page at this location: the shell stays, the 403 page takes the page's place. */
export const ForbiddenContext = createContext(false);

export const useForbidden = (): boolean => useContext(ForbiddenContext);
