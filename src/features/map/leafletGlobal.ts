import L from 'leaflet';

// leaflet-geoman extends the global `L`; with a bundler Leaflet is a module, so it is made global before geoman loads.
(globalThis as unknown as { L: typeof L }).L = L;

export default L;
