import { Alert, List, ListItem, ListItemText } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { RuleViolation } from '@shared/airspace';

/**
 * The verdict of the server's airspace rules (shared/airspace, run here on the form's values) before saving: each
 * broken rule in the words the server's error code has, or that all are met. `warnings` are met-but-noted facts (late).
 */
export default function RuleResults({ violations, warnings = [] }: { violations: RuleViolation[] | null; warnings?: string[] }) {
  const { t } = useTranslation();
  if (violations === null) return null;
  return (
    <section aria-label={t('airspace.ruleResults')}>
      {violations.length === 0 ? (
        <Alert severity="success">{t('airspace.rulesMet')}</Alert>
      ) : (
        <Alert severity="error">
          {t('airspace.rulesBroken', { count: violations.length })}
          <List dense disablePadding>
            {violations.map((v, i) => (
              <ListItem key={`${v.code}-${i}`} disableGutters>
                <ListItemText primary={t(`apiError.airspace.${v.code}`, v.params)} />
              </ListItem>
            ))}
          </List>
        </Alert>
      )}
      {warnings.map((w) => (
        <Alert key={w} severity="warning" sx={{ mt: 1 }}>
          {w}
        </Alert>
      ))}
    </section>
  );
}
