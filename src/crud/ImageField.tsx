import DeleteIcon from '@mui/icons-material/Delete';
import UploadIcon from '@mui/icons-material/Upload';
import { Box, Button, FormHelperText, Typography } from '@mui/material';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { IMAGE_UPLOAD_TYPES, imageUploadProblem } from '@shared/uploads';

/**
 * Pick an image with a preview, remove it, pick another (spec §8 upload texts). A picture the server would refuse
 * (type, size) is not taken: `onRefused` gets the server's error code for it.
 */
export default function ImageField({
  label,
  value,
  currentUrl,
  onChange,
  onRefused,
  error,
}: {
  label: string;
  value: File | null;
  currentUrl: string | null;
  onChange: (file: File | null) => void;
  onRefused: (problem: NonNullable<ReturnType<typeof imageUploadProblem>>) => void;
  error?: string;
}) {
  const { t } = useTranslation();
  const previewUrl = useMemo(() => (value ? URL.createObjectURL(value) : null), [value]);
  useEffect(
    () => () => {
      if (previewUrl) URL.revokeObjectURL(previewUrl);
    },
    [previewUrl],
  );
  const shown = previewUrl ?? currentUrl;

  return (
    <Box>
      <Typography variant="body2" color="text.secondary" gutterBottom>
        {label}
      </Typography>
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center' }}>
        {shown ? (
          <Box
            component="img"
            src={shown}
            alt={t('kit.uploadPreview')}
            sx={{ width: 120, height: 90, objectFit: 'cover', borderRadius: 1, border: 1, borderColor: 'divider' }}
          />
        ) : (
          <Box sx={{ width: 120, height: 90, borderRadius: 1, border: 1, borderStyle: 'dashed', borderColor: 'divider' }} />
        )}
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
          <Button component="label" variant="outlined" size="small" startIcon={<UploadIcon />}>
            {shown ? t('kit.uploadContinue') : label}
            <input
              hidden
              type="file"
              accept={IMAGE_UPLOAD_TYPES.join(',')}
              aria-label={label}
              onChange={(e) => {
                const file = e.target.files?.[0] ?? null;
                e.target.value = '';
                if (!file) return;
                const problem = imageUploadProblem(file);
                if (problem) onRefused(problem);
                else onChange(file);
              }}
            />
          </Button>
          {value && (
            <Button size="small" color="error" startIcon={<DeleteIcon />} onClick={() => onChange(null)}>
              {t('kit.uploadDelete')}
            </Button>
          )}
        </Box>
      </Box>
      {error && <FormHelperText error>{error}</FormHelperText>}
    </Box>
  );
}
