import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import { Box, Button } from '@mui/material';
import { useCallback, useState } from 'react';
import type { DefaultValues, FieldValues, Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useAppSelector } from '../../app/hooks';
import { useCan } from '../auth';
import { PageFrame } from '../pages';
import { flattenTree, buildTree } from '../../crud/TreeList';
import TreeList from '../../crud/TreeList';
import { idText } from '../../crud/formFields';
import { useResourceOptions } from '../../crud/hooks';
import ResourceFormDialog, { type FieldSpec } from '../../crud/ResourceFormDialog';
import { selectResource } from '../../crud/selectors';
import type { ResourceKey, RowOf } from '../../crud/types';
import { useDeleteConfirm } from '../../crud/useDeleteConfirm';

/** The collections shown as a tree: their rows have a parent. */
type TreeCollection = 'department' | 'permissionResource';

/** `In`: the form's values, the parent row's id among them (a select of the tree); `Out`: the collection's shared input. */
export interface TreeScreenProps<R extends TreeCollection, In extends FieldValues, Out extends object> {
  resource: R;
  title: string;
  what: string;
  treeLabel: string;
  primary: (row: RowOf<R>) => string;
  secondary?: (row: RowOf<R>) => string;
  /** Fields besides the parent (added by the screen as a select of the tree). */
  fields: Array<FieldSpec<In>>;
  /** The form's field that holds the parent row's id as text ("" for a root). */
  parentField: Path<In>;
  schema: z.ZodType<Out, In>;
  empty: (parentId: string) => DefaultValues<In>;
  toForm: (row: RowOf<R>) => DefaultValues<In>;
}

/** A whole collection as a tree (parent_id), with add-child, edit and delete (org:write). */
export default function TreeScreen<R extends TreeCollection, In extends FieldValues, Out extends object>({
  resource,
  title,
  what,
  treeLabel,
  primary,
  secondary,
  fields,
  parentField,
  schema,
  empty,
  toForm,
}: TreeScreenProps<R, In, Out>) {
  const { t } = useTranslation();
  const canWrite = useCan('org:write');
  const view: ResourceKey<R> = `${resource}@options`;
  const { rows } = useResourceOptions(resource);
  const state = useAppSelector((s) => selectResource(s, view));
  const [editing, setEditing] = useState<{ row: RowOf<R> | null; parentId: string } | null>(null);
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
                    onClick: (row) => setEditing({ row, parentId: idText(row.parent_id) }),
                  },
                  { key: 'delete', label: t('resources.delete'), icon: <DeleteIcon fontSize="small" />, color: 'error', onClick: ask },
                ]
              : []
          }
        />
      </Box>
      <ResourceFormDialog
        resource={view}
        state={state}
        open={editing !== null}
        id={editing?.row?.id}
        title={t(editing?.row ? 'resources.editTitle' : 'resources.createTitle', { what })}
        fields={[
          ...fields,
          { name: parentField, label: 'admin.parent', kind: 'select', options: parentOptions.filter((o) => o.value !== String(editing?.row?.id)) },
        ]}
        schema={schema}
        defaultValues={editing?.row ? toForm(editing.row) : empty(editing?.parentId ?? '')}
        onClose={close}
      />
      {dialog}
    </PageFrame>
  );
}
