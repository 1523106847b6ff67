/** Alerts as a workflow (/Alert): the list of HMS, conformance and safety alerts, filters, acknowledging one or many. */
export { acknowledgeRequested, selectionChanged } from './alertsSlice';
export { alertText, deviceLabel, LEVEL_COLORS } from './alertRules';
export { SafetyChips, useOpenSafetyAlerts } from './SafetyChips';
