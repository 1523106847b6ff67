import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import type { GridColDef } from '@mui/x-data-grid';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../auth';
import { PageFrame } from '../pages';
import ResourceFormDialog, { type FieldSpec } from '../../crud/ResourceFormDialog';
import ResourceTable from '../../crud/ResourceTable';
import { actionsColumn } from '../../crud/RowActions';
import type { Role } from '@shared/entities/role';
import { useDeleteConfirm } from '../../crud/useDeleteConfirm';
import { useResourceList } from '../../crud/useResourceList';
import { DATA_SCOPES } from '@shared/entities/role';
import { ROLE_FORM_MESSAGES, roleEmpty, roleSchema, roleToForm, type RoleForm } from './adminRules';
import PermissionTree from './PermissionTree';
import { roleText } from './roleText';

const RESOURCE = 'role';

/** /app/role: roles and their authorization (the permission tree). */
export default function RolesPage() {
  const { t } = useTranslation();
  const state = useResourceList(RESOURCE);
  const canWrite = useCan('org:write');
  const [editing, setEditing] = useState<Role | 'new' | null>(null);
  const { ask, dialog } = useDeleteConfirm(RESOURCE);
  const close = useCallback(() => setEditing(null), []);
  const columns: Array<GridColDef<Role>> = [
    { field: 'code', headerName: t('admin.roleCode'), width: 140 },
    { field: 'name', headerName: t('admin.roleName'), width: 160, valueFormatter: (v, row) => roleText(t, row, 'name', v) },
    {
      field: 'description',
      headerName: t('admin.description'),
      flex: 1,
      minWidth: 160,
      sortable: false,
      valueFormatter: (v, row) => roleText(t, row, 'description', v),
    },
    {
      field: 'data_scope',
      headerName: t('admin.dataScope'),
      width: 160,
      sortable: false,
      valueFormatter: (_value, row) => t(`admin.dataScopes.${row.data_scope}`),
    },
    {
      field: 'permissions',
      headerName: t('admin.permissions'),
      flex: 1,
      minWidth: 200,
      sortable: false,
      valueFormatter: (_value, row) => row.permissions.join(', '),
    },
  ];
  if (canWrite) {
    columns.push(
      actionsColumn<Role>(
        t('resources.actions'),
        [
          { key: 'edit', label: t('admin.authorize'), icon: <EditIcon fontSize="small" />, onClick: (row) => setEditing(row) },
          {
            key: 'delete',
            label: t('resources.delete'),
            icon: <DeleteIcon fontSize="small" />,
            color: 'error',
            show: (row) => row.code !== 'admin',
            onClick: ask,
          },
        ],
        state.busyIds,
      ),
    );
  }
  const editRow = editing && editing !== 'new' ? editing : null;
  const fields: Array<FieldSpec<RoleForm>> = [
    { name: 'code', label: 'admin.roleCode', required: true, disabled: Boolean(editRow && editRow.code === 'admin') },
    { name: 'name', label: 'admin.roleName', required: true },
    { name: 'description', label: 'admin.description', kind: 'textarea' },
    {
      name: 'data_scope',
      label: 'admin.dataScope',
      kind: 'select',
      required: true,
      // The admin role always sees everything (the server keeps it so).
      disabled: Boolean(editRow && editRow.code === 'admin'),
      options: DATA_SCOPES.map((scope) => ({ value: scope, label: t(`admin.dataScopes.${scope}`) })),
    },
    {
      name: 'permissions',
      label: 'admin.permissions',
      kind: 'custom',
      render: ({ value, onChange, error }) => <PermissionTree value={(value as string[]) ?? []} onChange={onChange} error={error} />,
    },
  ];
  return (
    <PageFrame title={t('menu.role')}>
      <ResourceTable state={state} columns={columns} onCreate={canWrite ? () => setEditing('new') : undefined} />
      <ResourceFormDialog
        resource={RESOURCE}
        state={state}
        open={editing !== null}
        id={editRow?.id}
        title={t(editRow ? 'resources.editTitle' : 'resources.createTitle', { what: t('admin.role') })}
        fields={fields}
        schema={roleSchema}
        messages={ROLE_FORM_MESSAGES}
        defaultValues={editRow ? roleToForm(editRow) : roleEmpty}
        onClose={close}
      />
      {dialog}
    </PageFrame>
  );
}
