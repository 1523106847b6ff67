import L from 'leaflet';
import { EMPTY_FRAME, TRAIL_LENGTH, type FleetFrame } from './fleetFrame';
import { colourGroup, GROUP_COLOURS, nearestSlot, onScreen, slotColour } from './fleet';
import { toScreenX, toScreenY, type View } from './projection';

const SIZE = 11;
/** Drones this far off screen are still drawn (their arrow or trail may reach in). */
const MARGIN = 40;
const SELECTED_COLOUR = '#ff6f00';

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

function trailPath(ctx: CanvasRenderingContext2D, frame: FleetFrame, view: View, slot: number) {
  const base = slot * TRAIL_LENGTH * 2;
  for (let k = 0; k < frame.trailCount[slot]; k++) {
    const x = toScreenX(view, frame.trail[base + k * 2]);
    const y = toScreenY(view, frame.trail[base + k * 2 + 1]);
    if (k === 0) ctx.moveTo(x, y);
    else ctx.lineTo(x, y);
  }
}

/**
 * The fleet in one pass: trails, then arrows, each as one path per colour (a handful of fills and strokes, however
 * many drones), for the slots on screen only. The selected drone is drawn last, larger, with its trail highlighted.
 */
export function drawFleet(ctx: CanvasRenderingContext2D, frame: FleetFrame, view: View, selected: number) {
  const slots = onScreen(frame, view, MARGIN).filter((slot) => slot !== selected);
  const byGroup = GROUP_COLOURS.map(() => [] as number[]);
  for (const slot of slots) byGroup[colourGroup(frame, slot)].push(slot);
  ctx.lineJoin = 'round';
  ctx.globalAlpha = 0.6;
  ctx.lineWidth = 2;
  byGroup.forEach((group, g) => {
    ctx.beginPath();
    for (const slot of group) if (frame.trailCount[slot] > 1) trailPath(ctx, frame, view, slot);
    ctx.strokeStyle = GROUP_COLOURS[g];
    ctx.stroke();
  });
  ctx.globalAlpha = 1;
  ctx.lineWidth = 1.5;
  ctx.strokeStyle = '#ffffff';
  byGroup.forEach((group, g) => {
    if (!group.length) return;
    ctx.beginPath();
    for (const slot of group) arrowPath(ctx, toScreenX(view, frame.x[slot]), toScreenY(view, frame.y[slot]), frame.heading[slot]);
    ctx.fillStyle = GROUP_COLOURS[g];
    ctx.fill();
    ctx.stroke();
  });
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

/** The map's current view as a linear mapping of normalised Mercator (Leaflet's default CRS) to container pixels. */
export function viewOf(map: L.Map): View {
  const size = map.getSize();
  const topLeft = map.containerPointToLayerPoint([0, 0]).add(map.getPixelOrigin());
  return { scale: map.options.crs!.scale(map.getZoom()), left: topLeft.x, top: topLeft.y, width: size.x, height: size.y };
}

/**
 * The fleet on one canvas, redrawn when a frame arrives or the view settles. 5,000 DOM markers or vector layers
 * would cost the browser far more to lay out and composite; a click picks the nearest drone within reach. The
 * canvas is labelled with what it shows (it is an image to assistive technology).
 */
export class DroneCanvasLayer extends L.Layer {
  private canvas: HTMLCanvasElement | null = null;
  private fleet: FleetFrame = EMPTY_FRAME;
  private selected = -1;
  private label = '';
  private frame = 0;
  constructor(private readonly onSelect: (sn: string) => void) {
    super();
  }

  onAdd(map: L.Map): this {
    this.canvas = L.DomUtil.create('canvas', 'skyline-drones leaflet-zoom-hide') as HTMLCanvasElement;
    this.canvas.style.pointerEvents = 'none';
    this.canvas.setAttribute('role', 'img');
    this.canvas.setAttribute('aria-label', this.label);
    map.getPanes().markerPane.appendChild(this.canvas);
    map.on('moveend zoomend resize viewreset', this.reset, this);
    map.on('click', this.pick, this);
    this.reset();
    return this;
  }

  onRemove(map: L.Map): this {
    map.off('moveend zoomend resize viewreset', this.reset, this);
    map.off('click', this.pick, this);
    if (this.frame) cancelAnimationFrame(this.frame);
    this.canvas?.remove();
    this.canvas = null;
    return this;
  }

  /** Shows a frame (the selected slot, -1 for none) with the canvas's accessible label. */
  setFrame(fleet: FleetFrame, selected: number, label: string) {
    this.fleet = fleet;
    this.selected = selected;
    if (label !== this.label) this.canvas?.setAttribute('aria-label', (this.label = label));
    if (!this.frame) this.frame = requestAnimationFrame(() => ((this.frame = 0), this.draw()));
  }

  private pick(e: L.LeafletMouseEvent) {
    if (!this._map) return;
    const slot = nearestSlot(this.fleet, viewOf(this._map), e.containerPoint.x, e.containerPoint.y, 14);
    if (slot >= 0) this.onSelect(this.fleet.sn[slot]);
  }

  private reset() {
    const map = this._map;
    if (!map || !this.canvas) return;
    const size = map.getSize();
    const ratio = window.devicePixelRatio || 1;
    this.canvas.width = size.x * ratio;
    this.canvas.height = size.y * ratio;
    this.canvas.style.width = `${size.x}px`;
    this.canvas.style.height = `${size.y}px`;
    L.DomUtil.setPosition(this.canvas, map.containerPointToLayerPoint([0, 0]));
    this.draw();
  }

  private draw() {
    const map = this._map;
    const ctx = this.canvas?.getContext('2d');
    if (!map || !ctx || !this.canvas) return;
    const ratio = window.devicePixelRatio || 1;
    ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
    ctx.clearRect(0, 0, this.canvas.width, this.canvas.height);
    drawFleet(ctx, this.fleet, viewOf(map), this.selected);
  }
}
