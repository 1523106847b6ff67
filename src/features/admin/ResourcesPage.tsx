import { useTranslation } from 'react-i18next';
import { resourceEmpty, resourceSchema, resourceToForm } from './adminRules';
import TreeScreen from './TreeScreen';

export default function ResourcesPage() {
  const { t } = useTranslation();
  return (
    <TreeScreen
      resource="permissionResource"
      title={t('menu.resource')}
      what={t('admin.resource')}
      treeLabel={t('admin.resourceTree')}
      primary={(row) => `${row.name} (${row.code})`}
      secondary={(row) => [t(`admin.kinds.${row.kind}`), row.path ?? ''].filter(Boolean).join(' · ')}
      fields={[
        { name: 'code', label: 'admin.resourceCode', required: true },
        { name: 'name', label: 'admin.resourceName', required: true },
        {
          name: 'kind',
          label: 'admin.resourceKind',
          kind: 'select',
          options: [
            { value: 'menu', label: t('admin.kinds.menu') },
            { value: 'api', label: t('admin.kinds.api') },
          ],
        },
        { name: 'path', label: 'admin.resourcePath' },
        { name: 'icon', label: 'admin.icon' },
        { name: 'sort', label: 'admin.sort', kind: 'number' },
      ]}
      parentField="parent_id"
      schema={resourceSchema}
      empty={resourceEmpty}
      toForm={resourceToForm}
    />
  );
}
