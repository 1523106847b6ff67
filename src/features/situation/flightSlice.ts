import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import type { FlightProgress } from '@shared/dji/commandFlight';
import type { DroneLocation } from '@shared/dji/flightAreas';
import { flightUnderWay, type FlightReport } from '@shared/dji/flightReport';
import { rootReducer, type RootState } from '../../app/rootReducer';
import { loggedOut, sessionExpired } from '../auth';
import { droneSelected, fleetClosed } from './situationSlice';

/** Flying from /Tas: what the view knows of its aircraft's command flights, and the fly-to being set up on the map. */
export interface TasFlightState {
  /** Serial → device id, for the aircraft the names request named (their commands go by id). */
  ids: Record<string, number>;
  /** sysinfo/flight: each aircraft's take-off or fly-to under way (gone once it ended). */
  flights: Record<string, FlightProgress>;
  /** sysinfo/flight: each aircraft's newest distances to the custom flight areas. */
  areaDistances: Record<string, DroneLocation[]>;
  /** A fly-to from the map: the aircraft, and the point clicked (null: the next click on the map picks it). */
  flyTo: { sn: string; point: { lat: number; lng: number } | null } | null;
}

export const initialTasFlightState: TasFlightState = { ids: {}, flights: {}, areaDistances: {}, flyTo: null };

const tasFlightSlice = createSlice({
  name: 'tasFlight',
  initialState: initialTasFlightState,
  reducers: {
    /** The names request's device ids (POST /Device/names/). */
    fleetIdsLoaded(state, action: PayloadAction<Record<string, number>>) {
      Object.assign(state.ids, action.payload);
    },
    /** sysinfo/flight: a command flight's progress (kept while under way, gone once it ended), or the areas' distances. */
    flightReported(state, action: PayloadAction<FlightReport>) {
      const report = action.payload;
      if ('areas' in report) state.areaDistances[report.sn] = report.areas;
      else if (flightUnderWay(report.progress.status)) state.flights[report.sn] = report.progress;
      else delete state.flights[report.sn];
    },
    /** The card asks for a point on the map to fly the aircraft to. */
    flyToPickStarted(state, action: PayloadAction<string>) {
      state.flyTo = { sn: action.payload, point: null };
    },
    /** A click on the map while a point is asked for. */
    flyToPointPicked(state, action: PayloadAction<{ lat: number; lng: number }>) {
      if (state.flyTo) state.flyTo.point = action.payload;
    },
    /** The fly-to dialog closed (confirmed or not), or the pick was given up. */
    flyToClosed(state) {
      state.flyTo = null;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(loggedOut, () => initialTasFlightState)
      .addCase(sessionExpired, () => initialTasFlightState)
      // The view closed: nothing of its aircraft is kept.
      .addCase(fleetClosed, () => initialTasFlightState)
      // Another aircraft selected (or none): its fly-to is given up.
      .addCase(droneSelected, (state, action) => {
        if (state.flyTo?.sn !== action.payload) state.flyTo = null;
      });
  },
});

export const { fleetIdsLoaded, flightReported, flyToPickStarted, flyToPointPicked, flyToClosed } = tasFlightSlice.actions;
export const tasFlightReducer = tasFlightSlice.reducer;

declare module '../../app/rootReducer' {
  export interface LazyLoadedSlices extends WithSlice<typeof tasFlightSlice> {}
}

/** Joins the store when /Tas or the signed-in sagas load: the login page never carries it. */
const selectTasFlight = tasFlightSlice.injectInto(rootReducer).selectSlice;

/** The device id of an aircraft on the view, once the names request answered it (undefined: unknown or out of scope). */
export const selectDeviceId = (state: RootState, sn: string): number | undefined => selectTasFlight(state).ids[sn];
/** Every aircraft's take-off or fly-to under way (sysinfo/flight), by serial. */
export const selectFlights = (state: RootState) => selectTasFlight(state).flights;
/** An aircraft's newest distances to the custom flight areas (sysinfo/flight). */
export const selectAreaDistances = (state: RootState, sn: string) => selectTasFlight(state).areaDistances[sn];
/** The fly-to being set up from the map, if any. */
export const selectFlyTo = (state: RootState) => selectTasFlight(state).flyTo;
