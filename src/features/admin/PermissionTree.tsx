import { Box, Checkbox, FormControlLabel, FormHelperText, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { grants, PERMISSION_AREAS } from '@shared/permissions';
import { togglePermission } from './permissionCatalog';

/** Authorization of a role: areas with their codes as a checkbox tree. */
export default function PermissionTree({ value, onChange, error }: { value: string[]; onChange: (value: string[]) => void; error?: string }) {
  const { t } = useTranslation();
  const all = value.includes('*');
  return (
    <Box role="tree" aria-label={t('admin.permissionTree')}>
      <Typography variant="body2" color="text.secondary">
        {t('admin.permissions')}
      </Typography>
      <FormControlLabel
        control={<Checkbox checked={all} onChange={(e) => onChange(togglePermission(value, '*', e.target.checked))} />}
        label={t('admin.allPermissions')}
      />
      {PERMISSION_AREAS.map(({ area, codes }) => {
        const granted = codes.filter((c) => grants(value, c));
        return (
          <Box key={area} role="treeitem" aria-label={t(`admin.areas.${area}`)} sx={{ pl: 2 }}>
            <FormControlLabel
              control={
                <Checkbox
                  disabled={all}
                  checked={granted.length === codes.length}
                  indeterminate={granted.length > 0 && granted.length < codes.length}
                  onChange={(e) => onChange(togglePermission(value, `${area}:*`, e.target.checked))}
                />
              }
              label={t(`admin.areas.${area}`)}
            />
            <Box sx={{ pl: 4, display: 'flex', flexWrap: 'wrap' }}>
              {codes.map((code) => (
                <FormControlLabel
                  key={code}
                  control={
                    <Checkbox
                      size="small"
                      disabled={all}
                      checked={grants(value, code)}
                      onChange={(e) => onChange(togglePermission(value, code, e.target.checked))}
                    />
                  }
                  // A code without an action ("qa") is named by itself.
                  label={`${t(`admin.codes.${code.split(':')[1] ?? code}`)} (${code})`}
                />
              ))}
            </Box>
          </Box>
        );
      })}
      {error && <FormHelperText error>{error}</FormHelperText>}
    </Box>
  );
}
