import type { Defect, DefectRegion } from '@shared/entities/defect';
import { useState, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { dragRegion, regionOutline, SEVERITY_STROKES, type ScreenBox, type ScreenPoint } from './defectRules';
import { regionDrawn, selectDefects } from './defectsSlice';

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
 * reviewer draws, the rectangle being dragged (a drag here does not pan the photo).
 */
export default function DefectOverlay() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const { photo, drawing, draft } = useAppSelector(selectDefects);
  const [drag, setDrag] = useState<{ start: ScreenPoint; end: ScreenPoint; box: ScreenBox } | null>(null);
  const onDown = (event: PointerEvent<SVGSVGElement>) => {
    if (!drawing) return;
    event.stopPropagation();
    event.currentTarget.setPointerCapture?.(event.pointerId);
    const point = { x: event.clientX, y: event.clientY };
    const { left, top, width, height } = event.currentTarget.getBoundingClientRect();
    setDrag({ start: point, end: point, box: { left, top, width, height } });
  };
  const onMove = (event: PointerEvent<SVGSVGElement>) => {
    if (!drag) return;
    event.stopPropagation();
    setDrag({ ...drag, end: { x: event.clientX, y: event.clientY } });
  };
  const onUp = (event: PointerEvent<SVGSVGElement>) => {
    if (!drag) return;
    event.stopPropagation();
    const region = dragRegion(drag.start, { x: event.clientX, y: event.clientY }, drag.box);
    setDrag(null);
    if (region) dispatch(regionDrawn(region));
  };
  const dragging = drag ? dragRegion(drag.start, drag.end, drag.box) : null;
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
    </svg>
  );
}
