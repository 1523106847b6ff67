import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import { Box, Button } from '@mui/material';
import { useCallback, useState } from 'react';
import type { DefaultValues, FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useAppSelector } from '../../app/hooks';
import { useCan } from '../auth';
import { PageFrame } from '../pages';
import { flattenTree, buildTree } from '../../crud/TreeList';
import TreeList from '../../crud/TreeList';
import { useResourceOptions } from '../../crud/hooks';
import ResourceFormDialog, { type FieldSpec } from '../../crud/ResourceFormDialog';
import { selectResource } from '../../crud/selectors';
import type { ResourceRow } from '../../crud/types';
import { useDeleteConfirm } from '../../crud/useDeleteConfirm';

export interface TreeScreenProps<V extends FieldValues> {
  resource: string;
  title: string;
  what: string;
  treeLabel: string;
  primary: (row: ResourceRow) => string;
  secondary?: (row: ResourceRow) => string;
  /** Fields besides parent_id (added by the screen as a select of the tree). */
  fields: (parentOptions: Array<{ value: string; label: string }>) => FieldSpec[];
  schema: z.ZodType<V, V>;
  empty: (parentId: string) => DefaultValues<V>;
  toForm: (row: ResourceRow) => DefaultValues<V>;
  toBody: (values: V) => Record<string, unknown>;
}

/** A whole collection as a tree (parent_id), with add-child, edit and delete (org:write). */
export default function TreeScreen<V extends FieldValues>({
  resource,
  title,
  what,
  treeLabel,
  primary,
  secondary,
  fields,
  schema,
  empty,
  toForm,
  toBody,
}: TreeScreenProps<V>) {
  const { t } = useTranslation();
  const canWrite = useCan('org:write');
  const view = `${resource}@options`;
  const { rows } = useResourceOptions(resource);
  const state = useAppSelector((s) => selectResource(s, view));
  const [editing, setEditing] = useState<{ row: ResourceRow | null; parentId: string } | null>(null);
  const { ask, dialog } = useDeleteConfirm(view, primary);
  const close = useCallback(() => setEditing(null), []);
  const parentOptions = flattenTree(buildTree(rows)).map(({ row, depth }) => ({ value: String(row.id), label: `${'— '.repeat(depth)}${primary(row)}` }));

  return (
    <PageFrame
      title={title}
      actions={
        canWrite && (
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing({ row: null, parentId: '' })}>
            {t('resources.create')}
          </Button>
        )
      }
    >
      <Box>
        <TreeList
          rows={rows}
          label={treeLabel}
          primary={primary}
          secondary={secondary}
          busyIds={state.busyIds}
          actions={
            canWrite
              ? [
                  {
                    key: 'child',
                    label: t('resources.create'),
                    icon: <AddIcon fontSize="small" />,
                    onClick: (row) => setEditing({ row: null, parentId: String(row.id) }),
                  },
                  {
                    key: 'edit',
                    label: t('resources.edit'),
                    icon: <EditIcon fontSize="small" />,
                    onClick: (row) => setEditing({ row, parentId: row.parent_id ? String(row.parent_id) : '' }),
                  },
                  { key: 'delete', label: t('resources.delete'), icon: <DeleteIcon fontSize="small" />, color: 'error', onClick: ask },
                ]
              : []
          }
        />
      </Box>
      <ResourceFormDialog<V>
        resource={view}
        state={state}
        open={editing !== null}
        id={editing?.row?.id}
        title={t(editing?.row ? 'resources.editTitle' : 'resources.createTitle', { what })}
        fields={[
          ...fields(parentOptions.filter((o) => o.value !== String(editing?.row?.id))),
          { name: 'parent_id', label: 'admin.parent', kind: 'select', options: parentOptions.filter((o) => o.value !== String(editing?.row?.id)) },
        ]}
        schema={schema}
        defaultValues={editing?.row ? toForm(editing.row) : empty(editing?.parentId ?? '')}
        transform={toBody}
        onClose={close}
      />
      {dialog}
    </PageFrame>
  );
}
