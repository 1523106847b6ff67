import type { Defect, DefectRegion } from '@shared/entities/defect';
import { useState, type MouseEvent, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import type { Vertex } from './defectDefaults';
import { dragRegion, drawingOutline, photoPoint, regionOutline, SEVERITY_STROKES, type ScreenBox, type ScreenPoint } from './defectRules';
import { polygonRefused, regionDrawn, selectDefects, vertexAdded } from './defectsSlice';
import { closePolygon, polygonClick } from './polygonRules';

const screenBox = (element: Element): ScreenBox => {
  const { left, top, width, height } = element.getBoundingClientRect();
  return { left, top, width, height };
};

/** Closes the polygon being drawn into the draft's region, or says why it cannot be (Enter, a double-click, its first vertex). */
export function useFinishPolygon() {
  const dispatch = useAppDispatch();
  const { vertices } = useAppSelector(selectDefects).polygon;
  return () => {
    const closed = closePolygon(vertices);
    dispatch('region' in closed ? regionDrawn(closed.region) : polygonRefused(closed.problem));
  };
}

function Outline({ region, stroke, dashed, label }: { region: DefectRegion; stroke: string; dashed?: boolean; label: string }) {
  return (
    <polygon
      points={regionOutline(region)}
      fill="none"
      stroke={stroke}
      strokeWidth={2}
      strokeDasharray={dashed ? '6 4' : undefined}
      vectorEffect="non-scaling-stroke"
      aria-label={label}
    >
      <title>{label}</title>
    </polygon>
  );
}

/**
 * Laid over the photo: the photo's defects outlined in their severity's colour, the draft dashed, and while the
 * reviewer draws (a drag or a click here does not pan the photo), the rectangle being dragged or the polygon being
 * clicked, vertex by vertex, to the pointer.
 */
export default function DefectOverlay() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const { photo, drawing, draft, polygon } = useAppSelector(selectDefects);
  const finishPolygon = useFinishPolygon();
  const [drag, setDrag] = useState<{ start: ScreenPoint; end: ScreenPoint; box: ScreenBox } | null>(null);
  const [pointer, setPointer] = useState<Vertex | null>(null);
  const at = (event: PointerEvent | MouseEvent) => ({ x: event.clientX, y: event.clientY });
  const onDown = (event: PointerEvent<SVGSVGElement>) => {
    if (!drawing) return;
    event.stopPropagation();
    if (drawing !== 'rect') return;
    event.currentTarget.setPointerCapture?.(event.pointerId);
    setDrag({ start: at(event), end: at(event), box: screenBox(event.currentTarget) });
  };
  const onMove = (event: PointerEvent<SVGSVGElement>) => {
    if (drawing === 'polygon') setPointer(photoPoint(at(event), screenBox(event.currentTarget)));
    if (!drag) return;
    event.stopPropagation();
    setDrag({ ...drag, end: at(event) });
  };
  const onUp = (event: PointerEvent<SVGSVGElement>) => {
    if (!drag) return;
    event.stopPropagation();
    const region = dragRegion(drag.start, at(event), drag.box);
    setDrag(null);
    if (region) dispatch(regionDrawn(region));
  };
  const onClick = (event: MouseEvent<SVGSVGElement>) => {
    if (drawing !== 'polygon') return;
    const click = polygonClick(polygon.vertices, at(event), screenBox(event.currentTarget));
    if (click.kind === 'add') dispatch(vertexAdded(click.vertex));
    else if (click.kind === 'close') finishPolygon();
  };
  const dragging = drag ? dragRegion(drag.start, drag.end, drag.box) : null;
  const placed = drawing === 'polygon' ? polygon.vertices : [];
  return (
    <svg
      viewBox="0 0 100 100"
      preserveAspectRatio="none"
      data-testid="defect-overlay"
      style={{
        position: 'absolute',
        inset: 0,
        width: '100%',
        height: '100%',
        cursor: drawing ? 'crosshair' : undefined,
        pointerEvents: drawing ? 'all' : 'none',
      }}
      onPointerDown={onDown}
      onPointerMove={onMove}
      onPointerUp={onUp}
      onPointerLeave={() => setPointer(null)}
      onClick={onClick}
      onDoubleClick={() => drawing === 'polygon' && finishPolygon()}
    >
      {photo.items.map((defect: Defect) => (
        <Outline
          key={defect.id}
          region={defect.region}
          stroke={SEVERITY_STROKES[defect.severity]}
          label={t('defects.outline', { severity: t(`defects.severities.${defect.severity}`), id: defect.id })}
        />
      ))}
      {draft?.region && <Outline region={draft.region} stroke={SEVERITY_STROKES[draft.severity]} dashed label={t('defects.draw')} />}
      {dragging && <Outline region={dragging} stroke="#ffffff" dashed label={t('defects.drawing')} />}
      {placed.length > 0 && (
        <g aria-label={t('defects.drawingPolygon')}>
          <polyline
            points={drawingOutline(placed, pointer)}
            fill="none"
            stroke="#ffffff"
            strokeWidth={2}
            strokeDasharray="6 4"
            vectorEffect="non-scaling-stroke"
          />
          {placed.map(([x, y], i) => (
            <ellipse
              key={i}
              cx={x * 100}
              cy={y * 100}
              rx={i === 0 ? 1.2 : 0.7}
              ry={i === 0 ? 1.2 : 0.7}
              fill={i === 0 ? '#ffeb3b' : '#ffffff'}
              data-testid="polygon-vertex"
            />
          ))}
        </g>
      )}
    </svg>
  );
}
