import CloseIcon from '@mui/icons-material/Close';
import { Box, Divider, Drawer, IconButton, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface DetailItem {
  label: string;
  value: ReactNode;
}

/** A side drawer with a record's fields as label/value pairs, plus anything the screen adds (photo, map, actions). */
export default function DetailDrawer({
  open,
  title,
  items,
  onClose,
  children,
  width = 440,
}: {
  open: boolean;
  title: string;
  items: DetailItem[];
  onClose: () => void;
  children?: ReactNode;
  width?: number;
}) {
  const { t } = useTranslation();
  return (
    <Drawer anchor="right" open={open} onClose={onClose} slotProps={{ paper: { sx: { width, maxWidth: '100vw' } } }}>
      <Box role="dialog" aria-label={title} sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 1.5 }}>
        <Box sx={{ display: 'flex', alignItems: 'center' }}>
          <Typography variant="h6" sx={{ flexGrow: 1 }}>
            {title}
          </Typography>
          <IconButton aria-label={t('resources.close')} onClick={onClose}>
            <CloseIcon />
          </IconButton>
        </Box>
        <Divider />
        <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 1, m: 0 }}>
          {items.map((item) => (
            <Box key={item.label} sx={{ display: 'contents' }}>
              <Typography component="dt" variant="body2" color="text.secondary">
                {item.label}
              </Typography>
              <Typography component="dd" variant="body2" sx={{ m: 0, wordBreak: 'break-word' }}>
                {item.value ?? '—'}
              </Typography>
            </Box>
          ))}
        </Box>
        {children}
      </Box>
    </Drawer>
  );
}
