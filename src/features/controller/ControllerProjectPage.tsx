import { Alert, Box, Button, CircularProgress, List, ListItem, ListItemText, Paper, Typography } from '@mui/material';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import { useEffect, useEffectEvent, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { projectExited, projectJoinRequested, selectCurrentProject, selectJoiningProjectId } from '../project';
import { projectsRequested, selectControllerProjects } from './controllerSlice';

/** /djiapp/project: the project list; join one (it becomes the current project) or leave the current one. */
export default function ControllerProjectPage() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const projects = useAppSelector(selectControllerProjects);
  const current = useAppSelector(selectCurrentProject);
  const joiningId = useAppSelector(selectJoiningProjectId);
  const [search, setSearch] = useState(projects.search);

  // Only on opening: searching dispatches on its own.
  const loadOnOpen = useEffectEvent(() => {
    dispatch(projectsRequested({ search: projects.search }));
  });
  useEffect(() => loadOnOpen(), []);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    dispatch(projectsRequested({ search: search.trim() }));
  };

  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      <Typography variant="h4" component="h1">
        {t('route.djiProject')}
      </Typography>
      {current && (
        <Paper
          component="section"
          aria-label={t('controller.project.current')}
          variant="outlined"
          sx={{ p: 3, display: 'flex', alignItems: 'center', gap: 2, borderColor: 'primary.main' }}
        >
          <Box sx={{ flexGrow: 1 }}>
            <Typography color="text.secondary">{t('controller.project.current')}</Typography>
            <Typography variant="h5" component="p">
              {current.name}
            </Typography>
          </Box>
          <Button variant="contained" color="warning" onClick={() => dispatch(projectExited())}>
            {t('controller.project.exit')}
          </Button>
        </Paper>
      )}
      <Box component="form" role="search" onSubmit={submit} sx={{ display: 'flex', gap: 2 }}>
        <FormControl sx={{ flexGrow: 1 }}>
          <InputLabel htmlFor="dji-project-search">{t('controller.project.search')}</InputLabel>
          <OutlinedInput
            id="dji-project-search"
            type="search"
            label={t('controller.project.search')}
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
        </FormControl>
        <Button type="submit" variant="outlined">
          {t('controller.refresh')}
        </Button>
      </Box>
      {projects.status === 'loading' && projects.items.length === 0 && <Typography role="status">{t('controller.project.loading')}</Typography>}
      {projects.status === 'failed' && <Alert severity="error">{t('controller.project.failed')}</Alert>}
      {projects.status === 'loaded' && projects.items.length === 0 && <Typography color="text.secondary">{t('controller.project.empty')}</Typography>}
      {projects.items.length > 0 && (
        <Paper variant="outlined">
          <List aria-label={t('controller.project.title')} disablePadding>
            {projects.items.map((project) => {
              const isCurrent = current?.id === project.id;
              const joining = joiningId === project.id;
              return (
                <ListItem key={project.id} divider sx={{ minHeight: 88, gap: 2, bgcolor: isCurrent ? 'action.selected' : undefined }}>
                  <ListItemText
                    primary={project.name}
                    secondary={isCurrent ? t('controller.project.current') : typeof project.description === 'string' ? project.description : undefined}
                    slotProps={{ primary: { variant: 'h6' } }}
                  />
                  {isCurrent ? (
                    <Button
                      variant="contained"
                      color="warning"
                      onClick={() => dispatch(projectExited())}
                      aria-label={`${t('controller.project.exit')} ${project.name}`}
                    >
                      {t('controller.project.exit')}
                    </Button>
                  ) : (
                    <Button
                      variant="contained"
                      disabled={joiningId !== null}
                      onClick={() => dispatch(projectJoinRequested(project.id))}
                      aria-label={`${t('controller.project.join')} ${project.name}`}
                      startIcon={joining ? <CircularProgress size={20} color="inherit" /> : undefined}
                    >
                      {joining ? t('controller.project.joining') : t('controller.project.join')}
                    </Button>
                  )}
                </ListItem>
              );
            })}
          </List>
        </Paper>
      )}
      {projects.total > 0 && <Typography color="text.secondary">{t('controller.project.total', { count: projects.total })}</Typography>}
    </Box>
  );
}
