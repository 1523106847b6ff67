import { translateFeature } from '../i18n';
import text from './text';

export default translateFeature(text, {
  common: {
    database_unavailable: 'The database is unavailable right now; retry in a few seconds',
  },
  airspace: {
    area_self_intersecting: "The area's boundary crosses itself (near {{lon}}, {{lat}})",
    area_too_large: 'The area is {{area_km2}} km², more than the {{max_km2}} km² allowed',
    altitude_order: 'The maximum height ({{max_alt}} m) must be above the minimum height ({{min_alt}} m)',
    altitude_ceiling: 'The maximum height {{max_alt}} m is above the {{ceiling}} m ceiling for this kind of flight',
    window_order: 'The end must be after the start',
    window_too_long: 'The window is {{hours}} h, longer than the {{max_hours}} h allowed',
    window_past: 'The start must be in the future',
    device_not_aircraft: 'Airspace can only be requested for an aircraft (the chosen device is not one)',
    late_needs_note: 'This application was submitted late: approving it needs a note',
    late: 'Submitted late',
    above_auto_ceiling: 'The maximum height {{max_alt}} m is above the {{ceiling}} m auto-approval ceiling',
    touches_restricted_area: 'The area touches no-fly or restricted airspace: {{features}}',
    overlaps_other_department: 'The airspace overlaps approved airspace of other departments: applications {{ids}}',
    application_not_approved: 'The airspace application is not approved',
    plan_window_order: 'The planned end must be after the planned start',
    plan_starts_before_window: 'The planned start {{time}} is before the approved window',
    plan_ends_after_window: 'The planned end {{time}} is after the approved window',
    plan_device_mismatch: 'The plan names another aircraft than the one the application approves',
    waypoint_outside_area: 'Waypoint {{index}} is outside the approved area',
    segment_outside_area: 'The leg from waypoint {{from}} to {{to}} leaves the approved area',
    waypoint_altitude: 'Waypoint {{index}} flies at {{alt}} m, outside the approved {{min_alt}}–{{max_alt}} m',
    plan_conflict: "The plan's airspace conflicts with accepted flight plans {{ids}}",
    override_needs_note: 'Overriding a conflict needs a note',
  },
});
