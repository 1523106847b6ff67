import { createAction } from '@reduxjs/toolkit';

/** The header bell is on screen (main layout): the notices saga keeps its count and the inbox current while it is. */
export const bellShown = createAction('notices/bellShown');
export const bellHidden = createAction('notices/bellHidden');
