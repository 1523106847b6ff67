import L from 'leaflet';

export interface DroneGlyph {
  sn: string;
  lat: number;
  lng: number;
  /** Degrees clockwise from north. */
  heading: number;
  colour: string;
  selected: boolean;
}

const SIZE = 11;

/** Draws one heading-rotated arrow (pure canvas calls; exported for tests). */
export function drawArrow(ctx: CanvasRenderingContext2D, x: number, y: number, d: DroneGlyph) {
  const scale = d.selected ? 1.5 : 1;
  ctx.save();
  ctx.translate(x, y);
  ctx.rotate((d.heading * Math.PI) / 180);
  ctx.scale(scale, scale);
  ctx.beginPath();
  ctx.moveTo(0, -SIZE);
  ctx.lineTo(SIZE * 0.8, SIZE);
  ctx.lineTo(0, SIZE * 0.55);
  ctx.lineTo(-SIZE * 0.8, SIZE);
  ctx.closePath();
  if (d.selected) {
    ctx.shadowColor = '#ff6f00';
    ctx.shadowBlur = 8;
  }
  ctx.fillStyle = d.colour;
  ctx.fill();
  ctx.lineWidth = 1.5 / scale;
  ctx.strokeStyle = '#ffffff';
  ctx.stroke();
  ctx.restore();
}

/**
 * The fleet on one canvas: a heading-rotated arrow per drone, coloured by status. 1,000 DOM markers cost the browser
 * far more to lay out and composite on every update than redrawing one canvas, so the fleet is drawn here; a click
 * picks the nearest drone within reach.
 */
export class DroneCanvasLayer extends L.Layer {
  private canvas: HTMLCanvasElement | null = null;
  private drones: DroneGlyph[] = [];
  private frame = 0;
  constructor(private readonly onSelect: (sn: string) => void) {
    super();
  }

  onAdd(map: L.Map): this {
    this.canvas = L.DomUtil.create('canvas', 'skyline-drones leaflet-zoom-hide') as HTMLCanvasElement;
    this.canvas.style.pointerEvents = 'none';
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

  setDrones(drones: DroneGlyph[]) {
    this.drones = drones;
    this.request();
  }

  getDrones(): readonly DroneGlyph[] {
    return this.drones;
  }

  /** The drone under a container point (within 14 px), nearest first. */
  droneAt(point: L.Point): DroneGlyph | null {
    if (!this._map) return null;
    let best: DroneGlyph | null = null;
    let bestDistance = 14 * 14;
    for (const d of this.drones) {
      const p = this._map.latLngToContainerPoint([d.lat, d.lng]);
      const distance = (p.x - point.x) ** 2 + (p.y - point.y) ** 2;
      if (distance <= bestDistance) {
        best = d;
        bestDistance = distance;
      }
    }
    return best;
  }

  private pick(e: L.LeafletMouseEvent) {
    const d = this.droneAt(e.containerPoint);
    if (d) this.onSelect(d.sn);
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

  private request() {
    if (!this.frame) this.frame = requestAnimationFrame(() => ((this.frame = 0), this.draw()));
  }

  private draw() {
    const map = this._map;
    const ctx = this.canvas?.getContext('2d');
    if (!map || !ctx || !this.canvas) return;
    const ratio = window.devicePixelRatio || 1;
    ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
    ctx.clearRect(0, 0, this.canvas.width, this.canvas.height);
    const size = map.getSize();
    let selected: DroneGlyph | null = null;
    for (const d of this.drones) {
      if (d.selected) {
        selected = d;
        continue;
      }
      const p = map.latLngToContainerPoint([d.lat, d.lng]);
      if (p.x < -20 || p.y < -20 || p.x > size.x + 20 || p.y > size.y + 20) continue;
      drawArrow(ctx, p.x, p.y, d);
    }
    if (selected) {
      const p = map.latLngToContainerPoint([selected.lat, selected.lng]);
      drawArrow(ctx, p.x, p.y, selected);
    }
  }
}
