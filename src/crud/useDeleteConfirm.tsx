import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch } from '../app/hooks';
import ConfirmDialog from './ConfirmDialog';
import { deleteRequested } from './resourcesSlice';
import { rowName } from './format';
import type { CollectionName, ResourceKey, RowOf } from './types';

/** Delete with the popconfirm: ask(row) opens it, 确定 deletes through the resource saga. */
export function useDeleteConfirm<R extends CollectionName>(resource: ResourceKey<R>, nameOf: (row: RowOf<R>) => string = rowName) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const [row, setRow] = useState<RowOf<R> | null>(null);
  const dialog = (
    <ConfirmDialog
      open={row !== null}
      title={t('resources.deleteTitle')}
      body={row ? t('resources.deleteBody', { name: nameOf(row) }) : ''}
      onCancel={() => setRow(null)}
      onConfirm={() => {
        if (row) dispatch(deleteRequested({ resource, id: row.id }));
        setRow(null);
      }}
    />
  );
  return { ask: setRow, dialog };
}
