import { Box, List, ListItemButton, ListItemText, Paper, Typography } from '@mui/material';
import { marked } from 'marked';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { docTitle, loadDocs } from './docsIndex';

const docs = loadDocs();

/** /test: the project documentation from docs/, rendered from Markdown. */
export default function DocsPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const current = docs.find((d) => d.slug === params.get('doc')) ?? docs[0];
  // The Markdown is our own, bundled at build time, so rendering it as HTML is safe.
  const html = useMemo(() => (current ? (marked.parse(current.markdown, { async: false }) as string) : ''), [current]);

  return (
    <Box sx={{ display: 'flex', gap: 2, p: 2, alignItems: 'flex-start' }}>
      <Paper variant="outlined" component="nav" aria-label={t('docs.contents')} sx={{ width: 240, flexShrink: 0 }}>
        <Typography variant="subtitle2" sx={{ px: 2, pt: 1.5 }}>
          {t('docs.contents')}
        </Typography>
        <List dense>
          {docs.map((page) => (
            <ListItemButton key={page.slug} component={Link} to={`/test?doc=${page.slug}`} selected={page === current}>
              <ListItemText primary={docTitle(page)} />
            </ListItemButton>
          ))}
        </List>
      </Paper>
      <Paper
        variant="outlined"
        component="article"
        sx={{
          flexGrow: 1,
          px: 4,
          py: 2,
          minWidth: 0,
          '& pre': { overflowX: 'auto', bgcolor: 'grey.100', p: 1.5 },
          '& table': { borderCollapse: 'collapse' },
          '& td, & th': { border: 1, borderColor: 'divider', px: 1 },
        }}
      >
        <div dangerouslySetInnerHTML={{ __html: html }} />
      </Paper>
    </Box>
  );
}
