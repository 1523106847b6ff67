import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import KeyIcon from '@mui/icons-material/Key';
import { Chip } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../auth';
import { PageFrame } from '../pages';
import { refName } from '../../crud/format';
import { useResourceOptions } from '../../crud/hooks';
import ResourceFormDialog, { type FieldSpec } from '../../crud/ResourceFormDialog';
import ResourceTable from '../../crud/ResourceTable';
import { actionsColumn } from '../../crud/RowActions';
import type { User } from '@shared/entities/user';
import { useDeleteConfirm } from '../../crud/useDeleteConfirm';
import { useResourceList } from '../../crud/useResourceList';
import { roleText } from './roleText';
import { editUserSchema, newUserSchema, USER_FORM_MESSAGES, userEmpty, userToForm, type UserBody, type UserForm } from './adminRules';

const RESOURCE = 'user';

/**
 * Users. "accounts" (/sys/user): create, edit, disable, delete accounts. "authorization" (/app/user): the users
 * with their roles, and assigning roles.
 */
export default function UsersPage({ mode }: { mode: 'accounts' | 'authorization' }) {
  const { t } = useTranslation();
  const state = useResourceList(RESOURCE);
  const canWrite = useCan('org:write');
  // Departments and roles are few (an organisation's own tree and role list): plain selects of the whole list.
  const { options: depts } = useResourceOptions('department');
  const { options: roles } = useResourceOptions('role');
  const [editing, setEditing] = useState<User | 'new' | null>(null);
  const { ask, dialog } = useDeleteConfirm(RESOURCE, (row) => row.username);
  const close = useCallback(() => setEditing(null), []);
  const activeOptions = [
    { value: '1', label: t('admin.isActive.1') },
    { value: '0', label: t('admin.isActive.0') },
  ];
  const columns: Array<GridColDef<User>> = [
    { field: 'username', headerName: t('admin.username'), width: 140 },
    { field: 'name', headerName: t('admin.name'), width: 140 },
    { field: 'dept_name', headerName: t('admin.department'), width: 140, sortable: false, valueFormatter: refName },
    {
      field: 'roles',
      headerName: t('admin.roles'),
      flex: 1,
      minWidth: 160,
      sortable: false,
      valueFormatter: (_value, row) => row.roles.map((r) => roleText(t, r, 'name', r.name)).join(', '),
    },
  ];
  if (mode === 'accounts') {
    columns.push(
      { field: 'phone', headerName: t('admin.phone'), width: 130, sortable: false },
      {
        field: 'is_active',
        headerName: t('admin.active'),
        width: 90,
        sortable: false,
        renderCell: (p) => (
          <Chip size="small" color={p.row.is_active === 0 ? 'default' : 'success'} label={t(`admin.isActive.${p.row.is_active === 0 ? '0' : '1'}`)} />
        ),
      },
    );
  }
  if (canWrite) {
    columns.push(
      actionsColumn<User>(
        t('resources.actions'),
        mode === 'accounts'
          ? [
              { key: 'edit', label: t('resources.edit'), icon: <EditIcon fontSize="small" />, onClick: (row) => setEditing(row) },
              { key: 'delete', label: t('resources.delete'), icon: <DeleteIcon fontSize="small" />, color: 'error', onClick: ask },
            ]
          : [{ key: 'authorize', label: t('admin.authorize'), icon: <KeyIcon fontSize="small" />, onClick: (row) => setEditing(row) }],
        state.busyIds,
      ),
    );
  }
  const editRow = editing && editing !== 'new' ? editing : null;
  const roleField: FieldSpec<UserForm> = { name: 'role_ids', label: 'admin.roles', kind: 'multiselect', options: roles };
  const fields: Array<FieldSpec<UserForm>> =
    mode === 'authorization'
      ? [{ name: 'username', label: 'admin.username', disabled: true }, roleField]
      : [
          { name: 'username', label: 'admin.username', required: true },
          { name: 'name', label: 'admin.name', required: true },
          { name: 'password', label: editRow ? 'admin.passwordHint' : 'admin.password', kind: 'password', required: !editRow },
          { name: 'phone', label: 'admin.phone' },
          { name: 'email', label: 'admin.email' },
          { name: 'dept_id', label: 'admin.department', kind: 'select', options: depts },
          { name: 'is_active', label: 'admin.active', kind: 'select', options: activeOptions },
          roleField,
        ];
  const title =
    mode === 'authorization' && editRow
      ? t('admin.authorizeTitle', { name: editRow.name })
      : t(editRow ? 'resources.editTitle' : 'resources.createTitle', { what: t('admin.user') });
  return (
    <PageFrame title={t(mode === 'accounts' ? 'menu.sysUser' : 'menu.appUser')}>
      <ResourceTable
        state={state}
        columns={columns}
        filters={[
          { name: 'dept_id', label: 'admin.department', options: depts },
          ...(mode === 'accounts' ? [{ name: 'is_active', label: 'admin.active', options: activeOptions }] : []),
        ]}
        onCreate={canWrite && mode === 'accounts' ? () => setEditing('new') : undefined}
      />
      <ResourceFormDialog<UserForm, UserBody>
        resource={RESOURCE}
        state={state}
        open={editing !== null}
        id={editRow?.id}
        title={title}
        fields={fields}
        schema={editRow ? editUserSchema : newUserSchema}
        messages={USER_FORM_MESSAGES}
        defaultValues={editRow ? userToForm(editRow) : userEmpty}
        transform={(v) => (mode === 'authorization' ? { role_ids: v.role_ids } : v)}
        onClose={close}
      />
      {dialog}
    </PageFrame>
  );
}
