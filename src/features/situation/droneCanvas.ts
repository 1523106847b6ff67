import L from 'leaflet';
import { EMPTY_FRAME, TRAIL_LENGTH, type FleetFrame } from './fleetFrame';
import { colourGroup, GROUP_COLOURS, nearestSlot, onScreen, slotColour } from './fleet';
import { toScreenX, toScreenY, type View } from './projection';

const SIZE = 11;
/** Drones this far off screen are still drawn (their arrow or trail may reach in). */
const MARGIN = 40;
const SELECTED_COLOUR = '#ff6f00';
/** Headings are drawn in steps of this many degrees: one pre-drawn arrow per step and colour. */
const HEADING_STEP = 5;
const HEADING_STEPS = 360 / HEADING_STEP;
/** An atlas cell (CSS px): the arrow at any rotation with its outline. */
const CELL = 2 * SIZE + 4;
/** Trail points closer than this (px) to the last one drawn are skipped: at fleet zooms most of a trail is sub-pixel. */
const TRAIL_STEP = 2;
/** Drones whose trails, or whose arrows, are drawn between two steps of a drawing. */
const DRONES_PER_STEP = 250;
/**
 * Main-thread time one animation frame spends drawing: 5,000 drones take several times this, so a drawing goes on
 * over a few frames (off screen) instead of making one long frame.
 */
const SLICE_MS = 6;

/** The arrow's outline, pointing north: tip, right wing, notch, left wing. */
const ARROW: Array<[number, number]> = [
  [0, -SIZE],
  [SIZE * 0.8, SIZE],
  [0, SIZE * 0.55],
  [-SIZE * 0.8, SIZE],
];

/** Adds one heading-rotated arrow to the current path (no state changes: many arrows share one fill). */
export function arrowPath(ctx: CanvasRenderingContext2D, x: number, y: number, heading: number, scale = 1) {
  const angle = (heading * Math.PI) / 180;
  const cos = Math.cos(angle) * scale;
  const sin = Math.sin(angle) * scale;
  ARROW.forEach(([ax, ay], i) => {
    const px = x + ax * cos - ay * sin;
    const py = y + ax * sin + ay * cos;
    if (i === 0) ctx.moveTo(px, py);
    else ctx.lineTo(px, py);
  });
  ctx.closePath();
}

/** Adds a slot's trail to the current path, leaving out points within TRAIL_STEP of the last one kept (never the newest). */
function trailPath(ctx: CanvasRenderingContext2D, frame: FleetFrame, view: View, slot: number) {
  const base = slot * TRAIL_LENGTH * 2;
  const last = frame.trailCount[slot] - 1;
  let keptX = 0;
  let keptY = 0;
  for (let k = 0; k <= last; k++) {
    const x = toScreenX(view, frame.trail[base + k * 2]);
    const y = toScreenY(view, frame.trail[base + k * 2 + 1]);
    if (k === 0) ctx.moveTo(x, y);
    else if (k === last || (x - keptX) ** 2 + (y - keptY) ** 2 >= TRAIL_STEP ** 2) ctx.lineTo(x, y);
    else continue;
    keptX = x;
    keptY = y;
  }
}

/** The arrows pre-drawn on an image: a row per colour group, a column per heading step, drawn at `ratio` device px per CSS px. */
export interface ArrowAtlas {
  image: CanvasImageSource;
  ratio: number;
}

/** The atlas's size in CSS px. */
export const ATLAS_WIDTH = HEADING_STEPS * CELL;
export const ATLAS_HEIGHT = GROUP_COLOURS.length * CELL;

/** Draws the atlas's arrows (once per device pixel ratio). */
export function drawArrowAtlas(ctx: CanvasRenderingContext2D, ratio: number) {
  ctx.lineJoin = 'round';
  ctx.lineWidth = 1.5;
  ctx.strokeStyle = '#ffffff';
  GROUP_COLOURS.forEach((colour, group) => {
    ctx.fillStyle = colour;
    for (let step = 0; step < HEADING_STEPS; step++) {
      ctx.setTransform(ratio, 0, 0, ratio, (step + 0.5) * CELL * ratio, (group + 0.5) * CELL * ratio);
      ctx.beginPath();
      arrowPath(ctx, 0, 0, step * HEADING_STEP);
      ctx.fill();
      ctx.stroke();
    }
  });
}

const headingStep = (heading: number) => ((Math.round(heading / HEADING_STEP) % HEADING_STEPS) + HEADING_STEPS) % HEADING_STEPS;

/**
 * The fleet in one pass, for the slots on screen only: trails as one path per colour and DRONES_PER_STEP drones (a
 * few dozen strokes, however many drones), then each arrow copied from the atlas (a bitmap copy costs a fraction of filling and stroking an
 * outline), flagged ones last. The selected drone is drawn last, larger, with its trail highlighted. A generator: it
 * yields after every DRONES_PER_STEP trails or arrows, so the caller can spread it over frames.
 */
export function* drawFleet(ctx: CanvasRenderingContext2D, frame: FleetFrame, view: View, selected: number, atlas: ArrowAtlas): Generator<void, void> {
  const slots = onScreen(frame, view, MARGIN).filter((slot) => slot !== selected);
  const byGroup = GROUP_COLOURS.map(() => [] as number[]);
  for (const slot of slots) byGroup[colourGroup(frame, slot)].push(slot);
  // Bevel: at 2 px a round join looks the same and costs the software rasteriser several times as much.
  ctx.lineJoin = 'bevel';
  ctx.globalAlpha = 0.6;
  ctx.lineWidth = 2;
  for (let g = 0; g < byGroup.length; g++) {
    ctx.strokeStyle = GROUP_COLOURS[g];
    for (let first = 0; first < byGroup[g].length; first += DRONES_PER_STEP) {
      ctx.beginPath();
      for (const slot of byGroup[g].slice(first, first + DRONES_PER_STEP)) if (frame.trailCount[slot] > 1) trailPath(ctx, frame, view, slot);
      ctx.stroke();
      yield;
    }
  }
  ctx.globalAlpha = 1;
  const cell = CELL * atlas.ratio;
  for (let g = 0; g < byGroup.length; g++) {
    const group = byGroup[g];
    for (let i = 0; i < group.length; i++) {
      const slot = group[i];
      const x = Math.round(toScreenX(view, frame.x[slot]) - CELL / 2);
      const y = Math.round(toScreenY(view, frame.y[slot]) - CELL / 2);
      ctx.drawImage(atlas.image, headingStep(frame.heading[slot]) * cell, g * cell, cell, cell, x, y, CELL, CELL);
      if (i % DRONES_PER_STEP === DRONES_PER_STEP - 1) yield;
    }
  }
  if (selected < 0 || selected >= frame.count) return;
  ctx.beginPath();
  trailPath(ctx, frame, view, selected);
  ctx.lineWidth = 3;
  ctx.strokeStyle = SELECTED_COLOUR;
  ctx.globalAlpha = 0.9;
  ctx.stroke();
  ctx.globalAlpha = 1;
  ctx.beginPath();
  arrowPath(ctx, toScreenX(view, frame.x[selected]), toScreenY(view, frame.y[selected]), frame.heading[selected], 1.5);
  ctx.shadowColor = SELECTED_COLOUR;
  ctx.shadowBlur = 8;
  ctx.fillStyle = slotColour(frame, selected);
  ctx.fill();
  ctx.shadowBlur = 0;
  ctx.lineWidth = 1;
  ctx.strokeStyle = '#ffffff';
  ctx.stroke();
}

/** A new atlas canvas at this device pixel ratio. */
function arrowAtlas(ratio: number): ArrowAtlas {
  const image = document.createElement('canvas');
  image.width = ATLAS_WIDTH * ratio;
  image.height = ATLAS_HEIGHT * ratio;
  const ctx = image.getContext('2d');
  if (ctx) drawArrowAtlas(ctx, ratio);
  return { image, ratio };
}

/** The map's current view as a linear mapping of normalised Mercator (Leaflet's default CRS) to container pixels. */
export function viewOf(map: L.Map): View {
  const size = map.getSize();
  const topLeft = map.containerPointToLayerPoint([0, 0]).add(map.getPixelOrigin());
  return { scale: map.options.crs!.scale(map.getZoom()), left: topLeft.x, top: topLeft.y, width: size.x, height: size.y };
}

/** A drawing under way on the back canvas, and where the map was when it started. */
interface Drawing {
  steps: Generator<void, void>;
  ctx: CanvasRenderingContext2D;
  origin: L.Point;
  width: number;
  height: number;
  zoom: number;
}

/**
 * The fleet on one canvas, redrawn when a frame arrives or the view settles. 5,000 DOM markers or vector layers
 * would cost the browser far more to lay out and composite; a click picks the nearest drone within reach. A drawing
 * goes on a back canvas in slices of SLICE_MS per animation frame and is copied onto the visible canvas (moved to
 * the view it was drawn for) once complete, so no frame waits for the whole fleet. A new view restarts it; a new frame
 * waits for it to finish (restarting on every frame would never finish on a slow enough machine).
 * The canvas is labelled with what it shows (it is an image to assistive technology).
 */
export class DroneCanvasLayer extends L.Layer {
  private canvas: HTMLCanvasElement | null = null;
  private readonly back = document.createElement('canvas');
  private fleet: FleetFrame = EMPTY_FRAME;
  private selected = -1;
  private label = '';
  private frame = 0;
  private atlas: ArrowAtlas | null = null;
  private drawing: Drawing | null = null;
  /** A frame arrived while drawing the one before. */
  private pending = false;
  private shownZoom: number | null = null;
  constructor(private readonly onSelect: (sn: string) => void) {
    super();
  }

  onAdd(map: L.Map): this {
    this.canvas = L.DomUtil.create('canvas', 'skyline-drones leaflet-zoom-hide') as HTMLCanvasElement;
    this.canvas.style.pointerEvents = 'none';
    this.canvas.setAttribute('role', 'img');
    this.canvas.setAttribute('aria-label', this.label);
    map.getPanes().markerPane.appendChild(this.canvas);
    map.on('moveend zoomend resize viewreset', this.redraw, this);
    map.on('click', this.pick, this);
    this.redraw();
    return this;
  }

  onRemove(map: L.Map): this {
    map.off('moveend zoomend resize viewreset', this.redraw, this);
    map.off('click', this.pick, this);
    if (this.frame) cancelAnimationFrame(this.frame);
    this.frame = 0;
    this.drawing = null;
    this.pending = false;
    this.canvas?.remove();
    this.canvas = null;
    return this;
  }

  /** Shows a frame (the selected slot, -1 for none) with the canvas's accessible label. */
  setFrame(fleet: FleetFrame, selected: number, label: string) {
    this.fleet = fleet;
    this.selected = selected;
    if (label !== this.label) this.canvas?.setAttribute('aria-label', (this.label = label));
    if (this.drawing) this.pending = true;
    else this.redraw();
  }

  private pick(e: L.LeafletMouseEvent) {
    if (!this._map) return;
    const slot = nearestSlot(this.fleet, viewOf(this._map), e.containerPoint.x, e.containerPoint.y, 14);
    if (slot >= 0) this.onSelect(this.fleet.sn[slot]);
  }

  /** Starts drawing the current frame for the current view on the back canvas (dropping one under way). */
  private redraw() {
    const map = this._map;
    // A CPU canvas, read a pixel of after every step (see step()).
    const ctx = this.back.getContext('2d', { willReadFrequently: true });
    if (!map || !this.canvas || !ctx) return;
    this.pending = false;
    const size = map.getSize();
    const ratio = window.devicePixelRatio || 1;
    // After a zoom the old drawing would show at the wrong scale: nothing shows until the new one is done.
    if (this.shownZoom !== null && this.shownZoom !== map.getZoom()) this.canvas.getContext('2d')?.clearRect(0, 0, this.canvas.width, this.canvas.height);
    if (this.back.width !== size.x * ratio || this.back.height !== size.y * ratio) {
      this.back.width = size.x * ratio;
      this.back.height = size.y * ratio;
    }
    ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
    ctx.clearRect(0, 0, size.x, size.y);
    if (this.atlas?.ratio !== ratio) this.atlas = arrowAtlas(ratio);
    this.drawing = {
      steps: drawFleet(ctx, this.fleet, viewOf(map), this.selected, this.atlas),
      ctx,
      origin: map.containerPointToLayerPoint([0, 0]),
      width: size.x,
      height: size.y,
      zoom: map.getZoom(),
    };
    if (!this.frame) this.frame = requestAnimationFrame(this.step);
  }

  private readonly step = () => {
    this.frame = 0;
    const drawing = this.drawing;
    if (!drawing) return;
    const end = performance.now() + SLICE_MS;
    while (performance.now() < end) {
      const { done } = drawing.steps.next();
      // Rasterises what the step recorded now: the canvas would otherwise defer it and do thousands of drones' worth
      // at once, in one long frame, when its recording grows too long or it is copied to the visible canvas.
      drawing.ctx.getImageData(0, 0, 1, 1);
      if (done) return this.show(drawing);
    }
    this.frame = requestAnimationFrame(this.step);
  };

  /** Puts a finished drawing on the visible canvas, where the map was when it started. */
  private show(drawing: Drawing) {
    this.drawing = null;
    const ctx = this.canvas?.getContext('2d');
    if (!this.canvas || !ctx) return;
    if (this.canvas.width !== this.back.width || this.canvas.height !== this.back.height) {
      this.canvas.width = this.back.width;
      this.canvas.height = this.back.height;
      this.canvas.style.width = `${drawing.width}px`;
      this.canvas.style.height = `${drawing.height}px`;
    }
    L.DomUtil.setPosition(this.canvas, drawing.origin);
    ctx.clearRect(0, 0, this.canvas.width, this.canvas.height);
    ctx.drawImage(this.back, 0, 0);
    this.shownZoom = drawing.zoom;
    if (this.pending) this.redraw();
  }
}
