import { Accordion, AccordionDetails, AccordionSummary, Alert, Box, Chip, Table, TableBody, TableCell, TableRow } from '@mui/material';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { areaKm2 } from '@shared/airspace/geometry';
import { TEMPLATE_TYPES, WAYPOINT_TEMPLATE } from '@shared/wayline/defaults';
import { useFormat } from '../../shared/format';
import type { RouteDraft } from './routeEditorSlice';

/** How the editor draws an imported template's surveyed area. */
export const TEMPLATE_AREA_STYLE = { color: '#6a1b9a', weight: 2, fillColor: '#ab47bc', fillOpacity: 0.12 };

/** A template type's name (DJI's types translated; one we have not seen, as the file spells it). */
export const templateTypeName = (t: TFunction, type: string): string =>
  (TEMPLATE_TYPES as readonly string[]).includes(type) ? t(`routes.templateTypes.${type}`) : type;

/** An imported template's area in m², or null without one. */
export const templateAreaM2 = (template: RouteDraft['template']): number | null => (template?.area ? areaKm2(template.area) * 1e6 : null);

/**
 * What an imported DJI file is, read-only: its template type, area, original file and the settings the editor does not
 * edit; while the route is as imported, the file itself is what is exported and flown.
 */
export default function TemplatePanel({ draft }: { draft: RouteDraft }) {
  const { t } = useTranslation();
  const format = useFormat();
  const settings = Object.entries(draft.template?.settings ?? {});
  if (draft.template_type === WAYPOINT_TEMPLATE && !draft.source && settings.length === 0) return null;
  const area = templateAreaM2(draft.template);
  return (
    <Accordion disableGutters variant="outlined" defaultExpanded={draft.template_type !== WAYPOINT_TEMPLATE}>
      <AccordionSummary>{t('routes.template')}</AccordionSummary>
      <AccordionDetails>
        <Box role="group" aria-label={t('routes.template')} sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mb: 1 }}>
          <Chip size="small" color={draft.template_type === WAYPOINT_TEMPLATE ? 'default' : 'secondary'} label={templateTypeName(t, draft.template_type)} />
          {area !== null && <Chip size="small" label={`${t('routes.templateArea')} ${format.area(area)}`} />}
        </Box>
        {draft.source && (
          <Alert severity="info" sx={{ mb: 1 }}>
            {draft.flightEdited ? t('routes.sourceDropped', { file: draft.source.name }) : t('routes.sourceKept', { file: draft.source.name })}
          </Alert>
        )}
        {settings.length > 0 && (
          <Table size="small" aria-label={t('routes.templateSettings')}>
            <TableBody>
              {settings.map(([key, value]) => (
                <TableRow key={key}>
                  <TableCell component="th" scope="row" sx={{ wordBreak: 'break-all', color: 'text.secondary' }}>
                    {key}
                  </TableCell>
                  <TableCell sx={{ wordBreak: 'break-all' }}>{value}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </AccordionDetails>
    </Accordion>
  );
}
