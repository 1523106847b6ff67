import { createAction } from '@reduxjs/toolkit';

/** Dispatched to the app store (user menu "QA panel"); the action recorder opens the QA panel and does not record it. */
export const qaPanelRequested = createAction('qa/panelRequested');
